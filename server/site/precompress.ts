import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { compressBody } from "../tools/compression.ts";

/** The content type of a file of the site (RSS feeds are XML with their own type). */
export function contentTypeOf(file: string): string {
  if (file.endsWith("rss.xml")) return "application/rss+xml; charset=utf-8";
  return contentTypes[path.extname(file)] ?? "application/octet-stream";
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".data": "text/x-script",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".woff2": "font/woff2",
};

/** Text formats gain from compression; images and woff2 fonts are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|manifest\+json|xml|rss\+xml)|image\/svg\+xml|image\/x-icon)/.test(
    contentType,
  );
}

/** Every file under `dir`, as paths relative to it with `/` separators (none if it is missing). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of a built site, at the highest
 * levels, so that the server loads them at start instead of compressing anything itself.
 */
export function precompressSite(dir: string): { files: number; bytes: number; br: number } {
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const file of listFiles(dir)) {
    if (/\.(br|gz)$/.test(file) || !isCompressible(contentTypeOf(file))) continue;
    const body = readFileSync(path.join(dir, file));
    const { br, gzip } = compressBody(body, true);
    if (br) writeFileSync(path.join(dir, `${file}.br`), br);
    if (gzip) writeFileSync(path.join(dir, `${file}.gz`), gzip);
    files += 1;
    bytes += body.length;
    brBytes += br?.length ?? body.length;
  }
  return { files, bytes, br: brBytes };
}
