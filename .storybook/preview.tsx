import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Decorator, Preview } from "@storybook/react-vite";
import { configure } from "storybook/test";
import { createMemoryRouter, RouterProvider } from "react-router";
import "../src/app.css";
import { StaticAuthProvider } from "../src/auth/auth-state.tsx";
import { authStates, fixtureNow, type AuthStateName } from "../src/auth/auth-fixtures.ts";
import { activateLocale } from "../src/i18n/catalog.ts";
import { isLocale, type Locale } from "../shared/i18n/locales.ts";
import { localizePath } from "../shared/i18n/paths.ts";
import { NowContext } from "../src/lib/use-now.ts";
import { ScriptsContext } from "../src/lib/use-scripts.ts";
import { pageColumnClassName } from "../src/widgets/app-shell/app-shell.tsx";

// A play function's `findBy…` waits for what a visitor waits for: code that loads on first use comes
// from the dev server, which transforms it on demand and may take seconds on a cold start or a
// loaded 2-core machine. One bound for every story (10 s) instead of the library's 1 s, the same
// in Storybook's Interactions panel and in the story test tier, so that both give one verdict.
configure({ asyncUtilTimeout: 10_000 });

/**
 * Stories render in the brand typefaces only, never in a font of the reviewer's machine: both are
 * loaded before the first story draws, and a missing face is an error rather than a silent fallback.
 */
async function loadBrandFonts() {
  for (const font of ['400 1em "Inter"', '400 1em "JetBrains Mono"']) {
    const faces = await document.fonts.load(font);
    if (faces.length === 0) throw new Error(`The brand font ${font} did not load (see src/app.css).`);
  }
}

function storyLocale(globals: Record<string, unknown>): Locale {
  return isLocale(globals.locale) ? globals.locale : "en";
}

/**
 * The active locale's catalog, the dark page, a router at `parameters.path` (an English path), the
 * account state named by `parameters.auth` (a key of `authStates`, default `SignedOut`) and, with
 * `parameters.scripts: false`, a content page as prerendered without the app's JavaScript (with
 * `parameters.session: "authed"`, as its page script shows it to a visitor with a stored session
 * on the trial),
 * and the fixtures' clock (`fixtureNow`, or `parameters.now`): a story shows the same days every day.
 */
const withShell: Decorator = (Story, { globals, parameters }) => {
  const locale = storyLocale(globals);
  const auth = authStates[(parameters.auth as AuthStateName | undefined) ?? "SignedOut"];
  const path = localizePath((parameters.path as string | undefined) ?? "/", locale);
  const router = createMemoryRouter([{ path: "*", element: <Story /> }], { initialEntries: [path] });
  const scripts = parameters.scripts !== false;
  const marks = document.documentElement.dataset;
  if (scripts || parameters.session !== "authed") {
    delete marks.session;
    delete marks.planStatus;
  } else {
    marks.session = "authed";
    marks.planStatus = "trial";
  }
  const now = new Date((parameters.now as string | undefined) ?? fixtureNow);
  return (
    <I18nProvider i18n={i18n}>
      <ScriptsContext value={scripts}>
        <NowContext value={() => now}>
          <StaticAuthProvider state={auth}>
            <div lang={locale} className="min-h-full bg-background text-foreground">
              <RouterProvider router={router} />
            </div>
          </StaticAuthProvider>
        </NowContext>
      </ScriptsContext>
    </I18nProvider>
  );
};

/**
 * A docs page renders all its stories at once, and some take the focus as they mount (a form that
 * shows its errors, the card that replaces a form): the page would open scrolled down to the last
 * of them. Until the reader presses a key or a pointer, a story's focus leaves the page where it is.
 */
function keepDocsPageStill(root: HTMLDivElement | null) {
  if (!root) return undefined;
  const doc = root.ownerDocument;
  const view = doc.defaultView ?? window;
  const listening = new AbortController();
  const { signal } = listening;
  for (const type of ["pointerdown", "keydown", "wheel", "touchstart"]) {
    doc.addEventListener(type, () => listening.abort(), { capture: true, passive: true, signal });
  }
  // The browser scrolls to the element before its focus events: keep where the page was until then.
  let settled = { x: view.scrollX, y: view.scrollY };
  view.addEventListener("scroll", () => (settled = { x: view.scrollX, y: view.scrollY }), {
    passive: true,
    signal,
  });
  root.addEventListener("focusin", () => view.scrollTo(settled.x, settled.y), { signal });
  return () => listening.abort();
}

/** A screen (a page of the site) in the column and padding the site's shell gives it. */
const withPageColumn: Decorator = (Story, { title }) =>
  title.startsWith("Screens/") ? (
    <div className={pageColumnClassName}>
      <Story />
    </div>
  ) : (
    <Story />
  );

const withStillDocsPage: Decorator = (Story, { viewMode }) =>
  viewMode === "docs" ? (
    <div ref={keepDocsPageStill} className="contents">
      <Story />
    </div>
  ) : (
    <Story />
  );

const preview: Preview = {
  globalTypes: {
    locale: {
      description: "Language of the story",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: [
          { value: "en", title: "English" },
          { value: "fr", title: "Français" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "en" },
  loaders: [
    async ({ globals }) => {
      await Promise.all([activateLocale(storyLocale(globals)), loadBrandFonts()]);
      document.documentElement.lang = storyLocale(globals);
      return {};
    },
  ],
  decorators: [withPageColumn, withShell, withStillDocsPage],
  parameters: {
    layout: "fullscreen",
    backgrounds: { disable: true },
    a11y: { test: "error" },
    // Chromatic snapshots every story in both languages, like the offline screenshot tests.
    chromatic: { modes: { en: { locale: "en" }, fr: { locale: "fr" } } },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
