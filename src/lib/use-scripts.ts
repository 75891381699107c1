import { createContext, use } from "react";

/**
 * Whether the page runs the app's scripts: `false` on a content page prerendered without them
 * (its route says `handle.scripts = false`), where widgets render what works without React (native
 * popovers, plain links, the page script's session corner). The root layout provides it.
 */
export const ScriptsContext = createContext(true);

export function useScripts(): boolean {
  return use(ScriptsContext);
}
