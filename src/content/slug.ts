/** One path segment of lowercase words joined by hyphens: every content file's slug. */
const slugSegment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A docs slug, a page id, a file name: one segment (`account-setup`). */
export function isSlugSegment(value: string): boolean {
  return slugSegment.test(value);
}

/** A blog slug: one or more segments (`launch`, `2026/launch-week`). */
export function isNestedSlug(value: string): boolean {
  return value.split("/").every(isSlugSegment);
}
