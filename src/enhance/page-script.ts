import { initialsOf } from "../auth/initials.ts";
import { itemAfterKey } from "../lib/arrow-keys.ts";
import { withLocaleChoice } from "#shared/i18n/choice.ts";
import { serializeLocaleCookie } from "#shared/i18n/cookie.ts";
import { sessionFromCookie } from "../auth/session-cookie.ts";
import { loggedOutNotice } from "../auth/route-middleware.ts";

type PageScriptOptions = {
  /** The header menu's behaviour (src/enhance/menu.ts), imported when a stored session shows it. */
  menuModule: string;
  /** Logging out from the header's menu: the cookie that forgets the session, the login page's note. */
  logout: { cookie: string; noticeKey: string; notice: string };
  /** The docs search module, imported on the first focus of a search box. */
  searchModule: string;
  /** The locale cookie with `LOCALE` where the chosen language goes. */
  localeCookie: string;
};

/**
 * The only script of a content page (pages prerendered without the app's JavaScript), run inline
 * in `<head>` so the header is right before the first paint:
 * - a stored, unexpired session marks `<html data-session="authed">` (with the plan's status,
 *   whether the address is unverified, whether to offer the admin page): the header's account
 *   corner shows the account menu instead of "Log in / Sign up", with the visitor's name, initials
 *   and address; the menu's keys and placement come from a module imported then (signed-out
 *   visitors load nothing), and its "Log out" forgets the session and goes to the login page, with
 *   the note that says so (none when storage is refused);
 * - the language switcher's links keep the page's query and hash (the prerendered HTML knows
 *   neither), also after the hash changes; choosing one remembers it in the locale cookie (without
 *   this script, the choice the link carries does that: server/site/serve.ts);
 * - a link chosen inside an open popover (the phone menus) closes it;
 * - the docs search box loads its module on first focus;
 * - the arrow keys, Home and End move between a chart's points, as in the app's charts (each point
 *   is also a tab stop, for visitors without JavaScript).
 * Everything it needs arrives as arguments: the function is sent as source text.
 */
function pageScript(
  options: PageScriptOptions,
  readSession: typeof sessionFromCookie,
  initials: typeof initialsOf,
  moveKey: typeof itemAfterKey,
  chooseLocale: typeof withLocaleChoice,
) {
  const keepAddressInLanguageLinks = () => {
    for (const link of document.querySelectorAll('[data-slot="language-switcher"] a[hreflang]')) {
      const page = (link.getAttribute("href") ?? "").replace(/[?#].*$/, "");
      link.setAttribute(
        "href",
        chooseLocale(page + location.search + location.hash, link.getAttribute("hreflang") ?? ""),
      );
    }
  };
  document.addEventListener("DOMContentLoaded", keepAddressInLanguageLinks);
  document.defaultView?.addEventListener("hashchange", keepAddressInLanguageLinks);
  const user = readSession(document.cookie, Date.now());
  if (user) {
    const marks = document.documentElement.dataset;
    marks.session = "authed";
    marks.planStatus = user.planStatus;
    if (user.admin) marks.sessionAdmin = "";
    if (!user.verified) marks.sessionUnverified = "";
    document.addEventListener("DOMContentLoaded", () => {
      for (const node of document.querySelectorAll("[data-session-name]")) {
        node.textContent = user.name.trim() || user.email;
      }
      for (const node of document.querySelectorAll("[data-session-email]")) node.textContent = user.email;
      for (const node of document.querySelectorAll("[data-session-initials]")) {
        node.textContent = initials(user);
      }
      void import(/* @vite-ignore */ options.menuModule).then(
        (module: { enhanceMenu: (menu: HTMLElement) => void }) => {
          for (const menu of document.querySelectorAll<HTMLElement>('[data-slot="dropdown-menu-content"]')) {
            module.enhanceMenu(menu);
          }
        },
      );
    });
  }
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    if (target?.closest?.("[data-session-logout]")) {
      document.cookie = options.logout.cookie;
      try {
        sessionStorage.setItem(options.logout.noticeKey, options.logout.notice);
      } catch {}
      location.assign(document.documentElement.lang === "fr" ? "/fr/login" : "/login");
      return;
    }
    const language = target?.closest?.('[data-slot="language-switcher"] a[hreflang]');
    if (language) {
      keepAddressInLanguageLinks();
      document.cookie = options.localeCookie.replace("LOCALE", language.getAttribute("hreflang") ?? "");
    }
    const link = target?.closest?.<HTMLElement>("a[href]");
    const panel = link?.closest<HTMLElement>("[popover]");
    if (link && panel?.matches(":popover-open")) {
      link.blur(); // so that focus, and the page, do not jump back to the menu button
      panel.hidePopover();
    }
  });
  document.addEventListener("keydown", (event) => {
    const item = (event.target as Element | null)?.closest?.<SVGElement>("[data-arrow-keys] [tabindex]");
    const items = [...(item?.closest("[data-arrow-keys]")?.querySelectorAll<SVGElement>("[tabindex]") ?? [])];
    const target = item ? moveKey(event.key, items.indexOf(item), items.length) : undefined;
    if (target !== undefined) {
      event.preventDefault();
      items[target]?.focus();
    }
  });
  document.addEventListener("focusin", (event) => {
    const search = (event.target as Element | null)?.closest?.<HTMLElement>('[data-slot="docs-search"]');
    if (search && !search.dataset.enhanced) {
      void import(/* @vite-ignore */ options.searchModule).then(
        (module: { enhanceDocsSearch: (root: HTMLElement) => void }) => module.enhanceDocsSearch(search),
      );
    }
  });
}

/** Where a module of src/enhance/ is served: the build emits it at a fixed path (see vite.config.ts). */
const enhanceModule = (name: string) =>
  import.meta.env.DEV ? `/src/enhance/${name}.ts` : `/enhance/${name}.js`;

/** The page script as the inline `<script>` text; the server allows it by its hash. */
export function pageScriptSource(): string {
  const options: PageScriptOptions = {
    searchModule: enhanceModule("docs-search"),
    menuModule: enhanceModule("menu"),
    localeCookie: serializeLocaleCookie("LOCALE" as never),
    // The SDK's session cookie (src/auth/pocketbase.ts, which this module must not import: it
    // brings the SDK).
    logout: { cookie: "pb_auth=; Max-Age=0; Path=/; SameSite=Lax", ...loggedOutNotice },
  };
  return `(${pageScript})(${JSON.stringify(options)},${sessionFromCookie},${initialsOf},${itemAfterKey},${withLocaleChoice});`;
}
