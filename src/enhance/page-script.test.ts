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
    };
    new Function("document", pageScriptSource())(document);
    expect(document.documentElement.dataset.session).toBeUndefined();
    const link = { getAttribute: (name: string) => (name === "hreflang" ? "fr" : null), closest: () => null };
    listeners.get("click")?.({
      target: { closest: (selector: string) => (selector.includes("language-switcher") ? link : null) },
    });
    expect(cookie).toBe("i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax");
  });

  it("cuts a 404 page's path, written in whole by the server, into the boxes it may wrap between", () => {
    const listeners = new Map<string, () => void>();
    type Box = { textContent: string };
    const path = { textContent: "/fr/blog/a-long-post", children: [] as Box[] };
    const document = {
      documentElement: { dataset: {} },
      cookie: "",
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      querySelectorAll: (selector: string) => (selector === "[data-request-path]" ? [path] : []),
      createElement: () => ({ textContent: "" }),
    };
    Object.assign(path, { replaceChildren: (...boxes: Box[]) => (path.children = boxes) });
    new Function("document", pageScriptSource())(document);
    listeners.get("DOMContentLoaded")?.();
    expect(path.children.map((box) => box.textContent)).toEqual(["/fr/", "blog/", "a-long-post"]);
  });

  it("stays a few KB", () => {
    expect(pageScriptSource().length).toBeLessThan(4096);
  });
});
