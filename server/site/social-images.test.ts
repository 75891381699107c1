import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { socialImage, writeSocialImages } from "./social-images.ts";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe("social preview images", () => {
  it("draws a 1200×630 PNG for a title, accents included", async () => {
    expect(pngSize(await socialImage("Politique de confidentialité"))).toEqual({ width: 1200, height: 630 });
  });

  it("writes one image per page that names it, and the home-screen icons", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "og-"));
    const page = (rel: string, head: string) => {
      mkdirSync(path.join(dir, rel), { recursive: true });
      writeFileSync(path.join(dir, rel, "index.html"), `<html><head>${head}</head></html>`);
    };
    page("fr/roadmap", '<title>Feuille de route · Lumen</title><meta property="og:image" content="x"/>');
    page("wp-admin", "<title>WordPress</title>");
    writeFileSync(path.join(dir, "favicon.svg"), readFileSync("public/favicon.svg"));
    expect(await writeSocialImages(dir, ["/fr/roadmap", "/wp-admin", "/missing"])).toBe(1);
    expect(pngSize(readFileSync(path.join(dir, "og/fr/roadmap.png")))).toEqual({ width: 1200, height: 630 });
    expect(pngSize(readFileSync(path.join(dir, "apple-touch-icon.png")))).toEqual({
      width: 180,
      height: 180,
    });
    expect(pngSize(readFileSync(path.join(dir, "icon-512.png")))).toEqual({ width: 512, height: 512 });
  });
});
