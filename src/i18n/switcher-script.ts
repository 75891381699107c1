import { serializeLocaleCookie } from "./cookie.ts";

/**
 * The only script of a page that ships no JavaScript bundle: choosing a language in the switcher
 * (links with `hreflang` inside `[data-slot=language-switcher]`) remembers it in the locale cookie,
 * as the React switcher does on pages with scripts.
 */
export const switcherCookieScript = `document.addEventListener("click",function(e){var a=e.target.closest&&e.target.closest('[data-slot="language-switcher"] a[hreflang]');if(a)document.cookie=${JSON.stringify(
  serializeLocaleCookie("LOCALE" as never),
)}.replace("LOCALE",a.getAttribute("hreflang"))});`;
