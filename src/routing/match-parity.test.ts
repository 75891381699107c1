import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { matchPage, pageRoutes, staticPrerenderPaths } from "#shared/routing/match.ts";

// The server finds a page without React Router (shared/ holds no React): its matcher must agree
// with the router's on every path the site has, and on the odd ones visitors type.
describe("the shared matcher ranks pages as React Router does", () => {
  const paths = [
    ...staticPrerenderPaths(),
    "/blog/2026/launch-week",
    "/fr/blog/2026/launch-week",
    "/fr/docs/account",
    "/fr/fr/docs/a/b",
    "/GUIDES",
    "/Fr/Guides",
    "/guides/",
    "/blog/",
    "/fr/docs/caf%C3%A9",
    "/blog/a%2Fb",
    "/nope",
    "/fr/nope",
    "/guides/x",
    "/fr/fr",
    "/docs",
    "/_",
    "/fr/_/user",
  ];

  it.each(paths)("%s", (path) => {
    const router = matchRoutes([...pageRoutes], path)?.at(-1);
    const ours = matchPage(path);
    expect(ours?.id ?? null).toBe(router?.route.id ?? null);
    expect(ours?.params ?? null).toEqual(router ? { ...router.params } : null);
  });
});
