/**
 * `npm run bundle:report`: what the JavaScript of each app page is made of. Builds with source maps
 * (`ANALYZE=1`), then for each page lists the files a first visit loads (the page's module scripts
 * and preloads, plus its message catalogs) and splits their gzip size among the packages
 * and source folders the source maps name.
 *
 *   npm run bundle:report                 build, then report sign-up, login, account and admin
 *   npm run bundle:report -- --no-build   report the existing build (built with ANALYZE=1)
 *
 * The source maps are deleted afterwards, so the build can be served without publishing its sources.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { eachMapping, TraceMap } from "@jridgewell/trace-mapping";
import { matchPage } from "../shared/routing/match.ts";
import { slugOf } from "./page-catalogs.ts";

const clientDir = "build/client";
const pages = ["/signup", "/login", "/account", "/admin"];

if (!process.argv.includes("--no-build")) {
  console.log("Building with source maps…");
  const build = spawnSync("npx", ["react-router", "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, ANALYZE: "1" },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The package (`react-dom`, `@radix-ui/react-slot`) or source folder (`src/ui`) a source belongs to. */
function ownerOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const local = /(src|locales|shared)\/(.+)$/.exec(source);
  if (!local) return "(bundler glue)";
  const parts = local[2]!.split("/");
  return [local[1], ...parts.slice(0, parts.length > 1 ? 1 : 0)].join("/");
}

/** Gzip bytes of one file, split among the owners of its code in proportion to their characters. */
function attribute(file: string): Map<string, number> {
  const code = readFileSync(file, "utf8");
  const gzip = gzipSync(code, { level: 9 }).byteLength;
  const shares = new Map<string, number>();
  if (!existsSync(`${file}.map`)) return new Map([[`(no source map) ${path.basename(file)}`, gzip]]);
  const lines = code.split("\n");
  const segments: { line: number; column: number; source: string | null }[] = [];
  eachMapping(new TraceMap(readFileSync(`${file}.map`, "utf8")), (m) =>
    segments.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source }),
  );
  let mapped = 0;
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const end = next && next.line === segment.line ? next.column : lines[segment.line - 1]!.length;
    const owner = segment.source ? ownerOf(segment.source) : "(bundler glue)";
    shares.set(owner, (shares.get(owner) ?? 0) + end - segment.column);
    mapped += end - segment.column;
  });
  for (const [owner, chars] of shares) shares.set(owner, (gzip * chars) / Math.max(1, mapped));
  return shares;
}

const assets = readdirSync(path.join(clientDir, "assets"));
for (const page of pages) {
  const html = readFileSync(path.join(clientDir, page, "index.html"), "utf8");
  const lang = /<html lang="(\w+)"/.exec(html)?.[1] ?? "en";
  const files = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  // The page's catalogs are imported before hydration (src/i18n/catalog.ts): the shell's and its route's.
  for (const scope of ["shell", matchPage(page)?.page.file ?? ""]) {
    const catalog = assets.find(
      (f) => f.startsWith(`catalog-${slugOf(scope)}.${lang}.`) && f.endsWith(".js"),
    );
    if (catalog) files.push(`/assets/${catalog}`);
  }
  const owners = new Map<string, number>();
  const sizes: [string, number][] = [];
  let total = 0;
  for (const file of files) {
    let fileBytes = 0;
    for (const [owner, bytes] of attribute(path.join(clientDir, file))) {
      owners.set(owner, (owners.get(owner) ?? 0) + bytes);
      fileBytes += bytes;
    }
    sizes.push([file, fileBytes]);
    total += fileBytes;
  }
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
  console.log(`\n${page}: ${kib(total).trim()} KiB gzip in ${files.length} files`);
  for (const [file, bytes] of sizes.sort((a, b) => b[1] - a[1])) console.log(`  ${kib(bytes)} KiB  ${file}`);
  console.log("  by source:");
  const sorted = [...owners].sort((a, b) => b[1] - a[1]);
  const shown = sorted.filter(([, bytes]) => bytes >= 512);
  for (const [owner, bytes] of shown) console.log(`  ${kib(bytes)} KiB  ${owner}`);
  const rest = sorted.slice(shown.length);
  if (rest.length > 0)
    console.log(
      `  ${kib(rest.reduce((sum, [, b]) => sum + b, 0))} KiB  ${rest.length} more under 0.5 KiB each`,
    );
}

for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
  if (entry.isFile() && /\.map(\.(br|gz))?$/.test(entry.name))
    rmSync(path.join(entry.parentPath, entry.name));
}
