/**
 * The page path of a request, also when React Router asks for its data file while prerendering
 * (`/fr/guides.data`, `/_.data` for `/`, `/fr/_.data`) or a splat path arrives with a trailing
 * slash (TOOLCHAIN.md: prerendering adds one that the browser does not have).
 */
export function requestPath(request: Request | string): string {
  const { pathname } = new URL(typeof request === "string" ? request : request.url, "http://localhost");
  const page = pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "");
  return page || "/";
}

/** A catch-all parameter without the trailing slash prerendering adds (else hydration fails, React #418). */
export function splatParam(value: string | undefined): string {
  return (value ?? "").replace(/^\/+|\/+$/g, "");
}
