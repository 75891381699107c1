import { describe, expect, it } from "vitest";
import { switcherCookieScript } from "./switcher-script.ts";

describe("inline language switcher script", () => {
  it("sets the same cookie as the React switcher for the clicked link's language", () => {
    let cookie = "";
    let handler: ((e: unknown) => void) | undefined;
    const document = {
      addEventListener: (_: string, fn: (e: unknown) => void) => (handler = fn),
      set cookie(value: string) {
        cookie = value;
      },
    };
    new Function("document", switcherCookieScript)(document);
    const link = { getAttribute: (name: string) => (name === "hreflang" ? "fr" : null) };
    handler?.({
      target: { closest: (selector: string) => (selector.includes("language-switcher") ? link : null) },
    });
    expect(cookie).toBe("i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax");
    cookie = "";
    handler?.({ target: { closest: () => null } });
    expect(cookie).toBe("");
  });

  it("is small", () => {
    expect(switcherCookieScript.length).toBeLessThan(300);
  });
});
