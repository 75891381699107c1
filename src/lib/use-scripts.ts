import { useMatches } from "react-router";
import { hasScripts } from "./route-handle.ts";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Whether the page runs the app's scripts. A page whose route says `handle.scripts = false` is
 * prerendered without them; once the app runs (a client navigation reached it) it keeps them.
 */
export function useScripts(): boolean {
  const hydrated = useHydrated();
  const matches = useMatches();
  return hydrated || hasScripts(matches);
}
