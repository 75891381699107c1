import { data } from "react-router";

/** SPEC §2: a failed route validation is a 404 error; the error page names the path it was asked for. */
export function pageNotFound(): never {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

/** One path segment of lowercase words joined by hyphens: a docs slug (SPEC §2 "one slug segment"). */
export function isSlugSegment(value: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/** A blog slug: one or more such segments (`launch`, `2026/launch-week`). */
export function isBlogSlug(value: string): boolean {
  return value.split("/").every(isSlugSegment);
}
