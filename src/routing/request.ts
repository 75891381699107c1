import { data, isRouteErrorResponse } from "react-router";

/** A failed route validation: a 404 error, whose page names the path it was asked for. */
export function pageNotFound(): never {
  throw data(null, { status: 404, statusText: "Page Not Found" });
}

/**
 * A catch-all parameter without the trailing slash prerendering adds (the browser's URL has none;
 * keeping it would make hydration fail, React #418).
 */
export function splatParam(value: string | undefined): string {
  return (value ?? "").replace(/^\/+|\/+$/g, "");
}

/**
 * The client loader of a catch-all page (blog posts, docs items): checks the slug before asking
 * the server for the page's data, and a slug that was not built is the same 404 as an invalid one.
 */
export async function validatedSplatData<Data>(
  isValid: (slug: string) => boolean,
  { params, serverLoader }: { params: { "*"?: string }; serverLoader: () => Promise<Data> },
): Promise<Data> {
  if (!isValid(splatParam(params["*"]))) pageNotFound();
  try {
    return await serverLoader();
  } catch (error) {
    if (isRouteErrorResponse(error) && error.status === 404) pageNotFound();
    throw error;
  }
}
