import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { ogImagePath } from "#shared/routing/og-image.ts";
import { siteConfig } from "#shared/site-config.ts";

const require = createRequire(import.meta.url);
/** Inter as static files (satori reads TTF, OTF or WOFF, not the site's variable WOFF2). */
const fonts = [400, 700].map((weight) => ({
  name: "Inter",
  weight: weight as 400 | 700,
  style: "normal" as const,
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
}));

const colors = { background: "#0a0a0b", primary: "#a78bfa", accent: "#2e1065", muted: "#a1a1aa" };
type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, children },
});

/** The brand's mark, as in the favicon. */
function logo(size: number): Node {
  return el(
    "div",
    {
      display: "flex",
      position: "relative",
      width: size,
      height: size,
      borderRadius: size * 0.22,
      background: colors.accent,
    },
    [
      el("div", {
        position: "absolute",
        left: size * 0.22,
        top: size * 0.22,
        width: size * 0.56,
        height: size * 0.56,
        borderRadius: "50%",
        background: colors.primary,
      }),
      el("div", {
        position: "absolute",
        left: size * 0.47,
        top: size * 0.28,
        width: size * 0.25,
        height: size * 0.25,
        borderRadius: "50%",
        background: colors.accent,
      }),
    ],
  );
}

/** A page's 1200×630 preview: the brand, the page's title and the site's address, on the dark page. */
export async function socialImage(title: string): Promise<Buffer> {
  const host = new URL(siteConfig.url).host;
  const svg = await satori(
    el(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        // Satori sizes boxes without their padding: the padded frame must fit the canvas exactly.
        boxSizing: "border-box",
        width: 1200,
        height: 630,
        padding: 72,
        background: `radial-gradient(circle at 85% 0%, ${colors.accent} 0%, ${colors.background} 60%)`,
        color: "white",
        fontFamily: "Inter",
      },
      [
        el("div", { display: "flex", alignItems: "center", gap: 20 }, [
          logo(64),
          el("div", { fontSize: 44, fontWeight: 700 }, siteConfig.name),
        ]),
        el(
          "div",
          {
            display: "flex",
            fontSize: title.length > 48 ? 60 : 76,
            fontWeight: 700,
            lineHeight: 1.1,
            letterSpacing: -1.5,
          },
          title,
        ),
        el("div", { display: "flex", fontSize: 30, color: colors.muted }, host),
      ],
    ) as unknown as Parameters<typeof satori>[0],
    { width: 1200, height: 630, fonts },
  );
  return new Resvg(svg).render().asPng();
}

/** The square icon (home screens, the web manifest) at `size` pixels, from the favicon's drawing. */
function iconImage(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

const entities: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
  "&#39;": "'",
};

/**
 * Writes a preview image for every page (at the path `seoMeta` names in `og:image`), titled like
 * the page, and the home-screen icons. Runs once per build, after prerendering.
 */
export async function writeSocialImages(clientDir: string, pagePaths: readonly string[]): Promise<number> {
  let written = 0;
  for (const pagePath of pagePaths) {
    const htmlFile = path.join(clientDir, pagePath, "index.html");
    let html: string;
    try {
      html = readFileSync(htmlFile, "utf8");
    } catch {
      continue;
    }
    if (!html.includes('property="og:image"')) continue;
    const title = (/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? siteConfig.name)
      .replace(/&[#\w]+;/g, (entity) => entities[entity] ?? entity)
      .replace(` · ${siteConfig.name}`, "");
    const file = path.join(clientDir, ogImagePath(pagePath));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await socialImage(title));
    written++;
  }
  const favicon = readFileSync(path.join(clientDir, "favicon.svg"), "utf8");
  writeFileSync(path.join(clientDir, "apple-touch-icon.png"), iconImage(favicon, 180));
  for (const size of [192, 512])
    writeFileSync(path.join(clientDir, `icon-${size}.png`), iconImage(favicon, size));
  return written;
}
