export type Encoding = "br" | "gzip" | "identity";

/**
 * The content coding to answer with, from the request's `Accept-Encoding` and the forms a response
 * has: the best-rated acceptable one (brotli before gzip on a tie; compressed before identity). q-values are honoured (`q=0`
 * refuses), `*` rates every coding not listed, `x-gzip` is gzip, and no header means identity.
 * When nothing listed is acceptable the body goes out unencoded: a page is better than a 406.
 */
export function negotiateEncoding(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (!header) return "identity";
  const rated = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.trim().toLowerCase().split(";");
    const name = rawName?.trim() === "x-gzip" ? "gzip" : rawName?.trim();
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Math.min(1, Number(q) || 0);
    rated.set(name, Math.max(rated.get(name) ?? 0, quality));
  }
  const wildcard = rated.get("*");
  let best: Encoding = "identity";
  let bestQuality = 0;
  for (const coding of ["br", "gzip"] as const) {
    if (!available.includes(coding)) continue;
    const quality = rated.get(coding) ?? wildcard ?? 0;
    if (quality > bestQuality) [best, bestQuality] = [coding, quality];
  }
  // Identity competes only when the client rates it itself, higher than any coding it accepts.
  return bestQuality > 0 && bestQuality >= (rated.get("identity") ?? 0) ? best : "identity";
}
