import type { UIMatch } from "react-router";

/** What a route module may say about itself in `export const handle`. */
export type RouteHandle = {
  /**
   * `false`: the page ships no JavaScript (no `<Scripts/>`): a pure content page whose links work
   * as plain links. Its client navigations still work when reached from a page that has scripts.
   */
  scripts?: boolean;
};

/** Whether the page being rendered loads the app's scripts (any matched route can opt out). */
export function hasScripts(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.scripts === false);
}
