/**
 * A path cut after each slash that ends a segment, where a long path may wrap:
 * `/fr/blog/nope` gives `/fr/`, `blog/`, `nope`. The 404 page's heading shows one box per segment,
 * rendered by React in the app and written by the server into the prerendered page.
 */
export function pathSegments(path: string): string[] {
  return path.split(/(?<=[^/]\/+)(?=[^/])/);
}
