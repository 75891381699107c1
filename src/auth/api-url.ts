/** The API's base URL: `VITE_POCKETBASE_URL`, or the site's own origin (our embedded server). */
export function pocketBaseUrl(): string {
  const configured = import.meta.env.VITE_POCKETBASE_URL as string | undefined;
  if (configured) return configured;
  return typeof location === "undefined" ? "http://127.0.0.1:8090" : location.origin;
}
