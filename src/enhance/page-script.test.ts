import { describe, expect, it } from "vitest";
import { pageScriptSource } from "./page-script.ts";

describe("the content pages' inline script", () => {
  it("runs as plain script text and sets the locale cookie for the chosen language", () => {
    const listeners = new Map<string, (event: unknown) => void>();
    let cookie = "";
    const document = {
      documentElement: { dataset: {} as Record<string, string> },
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = value;
      },
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      querySelectorAll: () => [],
    };
    new Function("document", pageScriptSource())(document);
    expect(document.documentElement.dataset.session).toBeUndefined();
    const link = { getAttribute: (name: string) => (name === "hreflang" ? "fr" : null), closest: () => null };
    listeners.get("click")?.({
      target: { closest: (selector: string) => (selector.includes("language-switcher") ? link : null) },
    });
    expect(cookie).toBe("i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("keeps the page's query and hash in the language links, once loaded and when the hash changes", () => {
    const listeners = new Map<string, () => void>();
    const windowListeners = new Map<string, () => void>();
    const location = { search: "?x=1", hash: "#tv" };
    // As prerendered: the page in each language, carrying the choice, without the query or hash.
    const links = [
      ["en", "/guides?lang=en"],
      ["fr", "/fr/guides?lang=fr"],
    ].map(([hreflang, initial]) => {
      const attributes: Record<string, string> = { hreflang: hreflang!, href: initial! };
      return {
        getAttribute: (name: string) => attributes[name] ?? null,
        setAttribute: (name: string, value: string) => (attributes[name] = value),
      };
    });
    const document = {
      documentElement: { dataset: {} },
      cookie: "",
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      defaultView: {
        addEventListener: (type: string, listener: () => void) => windowListeners.set(type, listener),
      },
      querySelectorAll: (selector: string) =>
        selector === '[data-slot="language-switcher"] a[hreflang]' ? links : [],
    };
    new Function("document", "location", pageScriptSource())(document, location);
    const hrefs = () => links.map((link) => link.getAttribute("href"));
    expect(hrefs()).toEqual(["/guides?lang=en", "/fr/guides?lang=fr"]);
    listeners.get("DOMContentLoaded")?.();
    expect(hrefs()).toEqual(["/guides?x=1&lang=en#tv", "/fr/guides?x=1&lang=fr#tv"]);
    location.hash = "#android";
    windowListeners.get("hashchange")?.();
    expect(hrefs()).toEqual(["/guides?x=1&lang=en#android", "/fr/guides?x=1&lang=fr#android"]);
  });

  it("moves between a chart's points with the arrow keys, Home and End", () => {
    const listeners = new Map<string, (event: unknown) => void>();
    const document = {
      documentElement: { dataset: {} },
      cookie: "",
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    };
    new Function("document", pageScriptSource())(document);
    let focused = -1;
    type Point = { closest: (selector: string) => unknown; focus: () => void };
    const plot = { querySelectorAll: (selector: string) => (selector === "[tabindex]" ? points : []) };
    const points: Point[] = [0, 1, 2, 3].map((index) => ({
      closest: (selector: string) =>
        selector === "[data-arrow-keys]"
          ? plot
          : selector === "[data-arrow-keys] [tabindex]"
            ? points[index]
            : null,
      focus: () => (focused = index),
    }));
    /** Presses `key` on `target`; says whether the script took the key from the page. */
    const press = (target: unknown, key: string) => {
      let taken = false;
      listeners.get("keydown")?.({ target, key, preventDefault: () => (taken = true) });
      return taken;
    };

    // From the point, the key, to the point it focuses.
    const moves: [number, string, number][] = [
      [0, "ArrowRight", 1],
      [1, "ArrowUp", 2],
      [2, "ArrowLeft", 1],
      [1, "ArrowDown", 0],
      [0, "End", 3],
      [3, "ArrowRight", 3],
      [3, "Home", 0],
    ];
    for (const [from, key, to] of moves) {
      expect(press(points[from], key), key).toBe(true);
      expect(focused, `${key} from ${from}`).toBe(to);
    }
    // Other keys, and arrows outside a chart, stay the page's.
    expect(press(points[0], "Tab")).toBe(false);
    expect(press({ closest: () => null }, "ArrowRight")).toBe(false);
    expect(focused).toBe(0);
  });

  it("stays a few KB", () => {
    // Inline in every content page: it grows only with what those pages need before the first paint.
    expect(pageScriptSource().length).toBeLessThan(5 * 1024);
  });
});
