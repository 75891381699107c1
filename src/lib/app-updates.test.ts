import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkForUpdate,
  isChunkLoadError,
  isOutdated,
  isSlowConnection,
  latestUrl,
  loadBuildMeta,
  mayReload,
  resetUpdateState,
} from "./app-updates.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

afterEach(() => {
  resetUpdateState();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("reload guard", () => {
  it("allows one reload per path per 10 seconds", () => {
    const storage = memoryStorage();
    expect(mayReload("/blog", 1_000, storage)).toBe(true);
    expect(mayReload("/blog", 5_000, storage)).toBe(false);
    expect(mayReload("/roadmap", 5_000, storage)).toBe(true);
    expect(mayReload("/blog", 10_999, storage)).toBe(false);
    expect(mayReload("/blog", 11_000, storage)).toBe(true);
  });

  it("still reloads when storage is unavailable", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(mayReload("/", 0, broken)).toBe(true);
    expect(mayReload("/", 0, undefined)).toBe(true);
  });

  it("recognises chunk-load errors from each browser", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});

describe("update polling", () => {
  it("asks for latest.json with a timestamp and marks a newer build", async () => {
    const fetch = vi.fn(async () => Response.json({ id: "new", timestamp: 2 }));
    vi.stubGlobal("fetch", fetch);
    expect(latestUrl(123)).toBe("/builds/latest.json?123");
    expect(await checkForUpdate("old", 123)).toBe(true);
    expect(fetch).toHaveBeenCalledWith("/builds/latest.json?123", expect.anything());
    expect(isOutdated()).toBe(true);
  });

  it("stays current when the live build is this one, and survives a failing manifest", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ id: "same", timestamp: 1 })),
    );
    expect(await checkForUpdate("same")).toBe(false);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("no", { status: 404 })),
    );
    expect(await checkForUpdate("same")).toBe(false);
    expect(warn).toHaveBeenCalledWith("Error fetching app manifest", expect.any(Error));
  });

  it("loads the build's route rules once and drops invalid ones", async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        id: "b1",
        timestamp: 1,
        prerendered: ["/"],
        routeRules: { bad: { redirect: { to: "/" } } },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const meta = await loadBuildMeta("b1");
    expect(meta?.routeRules).toEqual({});
    expect(warn).toHaveBeenCalledWith("Error creating app manifest matcher", expect.any(Error));
    await loadBuildMeta("b1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/builds/meta/b1.json", expect.anything());
  });

  it("skips the first check on slow-2g only", () => {
    expect(isSlowConnection({ connection: { effectiveType: "slow-2g" } })).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: "2g" } })).toBe(false);
    expect(isSlowConnection({})).toBe(false);
  });
});
