import { createHash } from "node:crypto";

const inlineScript = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The Content-Security-Policy of one prerendered page: scripts only from this site or inline ones
 * whose exact text the build produced (each by its SHA-256), so an injected script never runs and
 * cannot read the session cookie. Styles allow inline `style` attributes, which prerendered
 * components carry; nothing is framed, embedded or posted elsewhere.
 */
export function contentSecurityPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(inlineScript)) {
    if (body) hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self'${[...hashes].map((hash) => ` ${hash}`).join("")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}
