import { validateRouteRules } from "#shared/routing/rules.ts";
import type { BuildMeta, LatestBuild } from "#shared/routing/types.ts";
import { getJson } from "./fetch-retry.ts";

/** The first manifest fetch happens about 1 s after load. */
const firstCheckDelayMs = 1000;
/** Then every 10 minutes, and when the tab becomes visible again (docs/product.md, Navigation and updates). */
const pollIntervalMs = 10 * 60 * 1000;
/** A chunk-load error reloads the same path at most once per 10 seconds. */
const reloadGuardMs = 10_000;

export const latestUrl = (now: number) => `/builds/latest.json?${now}`;
const metaUrl = (buildId: string) => `/builds/meta/${buildId}.json`;

/** The running build's id: React Router's manifest version, which the build writes to latest.json. */
export function currentBuildId(): string | undefined {
  return (globalThis as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}

/** Whether the connection is too slow to spend on a manifest (`navigator.connection`, where known). */
export function isSlowConnection(nav: unknown = globalThis.navigator): boolean {
  const connection = (nav as { connection?: { effectiveType?: string } } | undefined)?.connection;
  return connection?.effectiveType === "slow-2g";
}

type UpdateState = { outdated: boolean; meta?: Promise<BuildMeta | undefined> };
const state: UpdateState = { outdated: false };

/** True once a newer build than the running one has been seen: the next navigation is a full load. */
export function isOutdated() {
  return state.outdated;
}

/** Asks for latest.json once; marks the app outdated when another build is live. */
export async function checkForUpdate(buildId = currentBuildId(), now = Date.now()): Promise<boolean> {
  try {
    const latest = await getJson<LatestBuild>(latestUrl(now));
    if (buildId && latest.id && latest.id !== buildId) state.outdated = true;
  } catch (error) {
    console.warn("Error fetching app manifest", error);
  }
  return state.outdated;
}

/** This build's route rules (fetched once, on demand); undefined when unavailable. */
export function loadBuildMeta(buildId = currentBuildId()): Promise<BuildMeta | undefined> {
  if (!buildId) return Promise.resolve(undefined);
  state.meta ??= getJson<BuildMeta>(metaUrl(buildId))
    .then((meta) => {
      try {
        validateRouteRules(meta.routeRules ?? {});
      } catch (error) {
        console.warn("Error creating app manifest matcher", error);
        return { ...meta, routeRules: {} };
      }
      return meta;
    })
    .catch((error: unknown) => {
      console.warn("Error fetching app manifest", error);
      state.meta = undefined; // try again on the next navigation
      return undefined;
    });
  return state.meta;
}

/**
 * App updates: polls latest.json (first about 1 s after load, skipped on slow-2g), then on
 * an interval and whenever the tab becomes visible, until a newer build is found. Returns a stop
 * function.
 */
export function startUpdatePolling(options: { delayMs?: number; intervalMs?: number } = {}): () => void {
  const { delayMs = firstCheckDelayMs, intervalMs = pollIntervalMs } = options;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const check = () => {
    if (!state.outdated && document.visibilityState !== "hidden") void checkForUpdate();
  };
  if (!isSlowConnection()) timers.push(setTimeout(check, delayMs));
  // Loading the route rules in the same idle moment makes the first navigation use them at once.
  timers.push(setTimeout(() => void loadBuildMeta(), delayMs));
  const interval = setInterval(check, intervalMs);
  document.addEventListener("visibilitychange", check);
  return () => {
    for (const timer of timers) clearTimeout(timer);
    clearInterval(interval);
    document.removeEventListener("visibilitychange", check);
  };
}

/** Test seam: forget what was learnt. */
export function resetUpdateState() {
  state.outdated = false;
  state.meta = undefined;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

/**
 * Reload guard: may the page reload for a chunk-load error on `path` now? Yes at most
 * once per 10 s per path; the time of the last reload is kept in session storage so it survives
 * the reload itself.
 */
export function mayReload(path: string, now: number, storage: Storage | undefined): boolean {
  const key = `lumen:chunk-reload:${path}`;
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(key));
  } catch {
    // Storage can be unavailable (privacy modes): then reload, unguarded but once per page view.
  }
  if (Number.isFinite(last) && last > 0 && now - last < reloadGuardMs) return false;
  try {
    storage?.setItem(key, String(now));
  } catch {
    // see above
  }
  return true;
}

/** Whether an error is a failed dynamic import or preload (a deploy replaced the chunks). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/** Reloads the page after a chunk-load error, within the guard; returns whether it reloaded. */
export function reloadAfterChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const path = window.location.pathname;
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  if (!mayReload(path, Date.now(), storage)) {
    console.warn("Chunk load failed again within 10 s; not reloading", error);
    return false;
  }
  window.location.reload();
  return true;
}

/** `import()` that turns a chunk-load failure into a guarded reload (the error still propagates). */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    reloadAfterChunkError(error);
    throw error;
  }
}
