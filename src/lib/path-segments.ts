/**
 * A path cut after each slash that ends a segment, where a long path may wrap:
 * `/fr/blog/nope` gives `/fr/`, `blog/`, `nope`. The page script receives this function as source
 * text, so it uses nothing from outside itself.
 */
export function pathSegments(path: string): string[] {
  return path.split(/(?<=[^/]\/+)(?=[^/])/);
}
