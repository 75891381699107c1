import { authPocketbase, requireAdmin, requireAuth } from "../auth/route-middleware.ts";
import type { MiddlewareName, RouteMiddleware, RouteMiddlewareContext } from "#shared/routing/types.ts";

/**
 * THE EXTENSION POINT for route middleware (`admin`, `auth`, `auth-pocketbase`). Pages declare them
 * by name in the table (`middleware: ["auth"]`); the root route runs them on every client
 * navigation and entry.client.tsx before the first render. Their rules live with the account code
 * in src/auth/route-middleware.ts.
 */
export const routeMiddleware: Record<MiddlewareName, RouteMiddleware> = {
  "auth-pocketbase": authPocketbase,
  auth: requireAuth,
  admin: requireAdmin,
};

/** The middleware functions for a list of names; an unknown name raises an error. */
export function resolveMiddleware(
  names: readonly string[],
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): RouteMiddleware[] {
  return names.map((name) => {
    const middleware = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!middleware) throw new Error(`Unknown route middleware: '${name}'`);
    return middleware;
  });
}

/** Runs a page's middleware in order; the first redirect wins. */
export async function runRouteMiddleware(
  context: RouteMiddlewareContext,
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): Promise<string | undefined> {
  for (const middleware of resolveMiddleware(context.page.middleware ?? [], registry)) {
    const redirect = await middleware(context);
    if (redirect) return redirect;
  }
  return undefined;
}
