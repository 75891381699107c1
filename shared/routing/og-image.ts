/** Where the build writes a page's social preview image (1200×630 PNG): `/og/fr/roadmap.png`. */
export function ogImagePath(pathname: string): string {
  // Prerendering hands routes their path with a trailing slash (`/fr/roadmap/`).
  const path = pathname.replace(/\/+$/, "");
  return `/og${path || "/index"}.png`;
}
