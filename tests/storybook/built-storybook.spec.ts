/**
 * Every story of the built Storybook, in English and in French, as a designer sees it: the static
 * build (production React, no `act()` around renders, unlike the story tier's Vitest run) served
 * as plain files, each story selected as the sidebar selects it, its play function run by
 * Storybook itself. A story fails here when its Interactions panel would be red: its play function
 * threw, it failed to render, an error went unhandled while it played, a report failed, or the
 * page threw. Axe is left to the story tier (see below).
 *
 * One page per locale and worker: the locale is set as the toolbar sets it, then each story is
 * selected on the preview's channel (`setCurrentStory`), without reloading the page, as the
 * manager does when a designer clicks through the sidebar.
 *
 * `node scripts/test-built-storybook.ts [story files…]` builds Storybook when it is out of date,
 * then runs this spec; `STORYBOOK_DIR` names the build (default test-results/storybook-static),
 * `STORY_FILES` (comma-separated, as the script passes its arguments) keeps the stories of those
 * files only.
 */
import { test as base, expect, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { MINIMAL_VIEWPORTS } from "storybook/viewport";

const dir = path.resolve(process.env.STORYBOOK_DIR ?? "test-results/storybook-static");
const locales = ["en", "fr"] as const;
type Locale = (typeof locales)[number];

type IndexEntry = { id: string; title: string; name: string; type: "story" | "docs"; importPath: string };
const indexFile = path.join(dir, "index.json");
if (!existsSync(indexFile)) {
  throw new Error(
    `No built Storybook in ${dir}: run \`node scripts/test-built-storybook.ts\`, which builds it.`,
  );
}
const index = JSON.parse(readFileSync(indexFile, "utf8")) as { entries: Record<string, IndexEntry> };
const files = (process.env.STORY_FILES ?? "")
  .split(",")
  .filter(Boolean)
  .map((file) => `./${path.relative(process.cwd(), path.resolve(file))}`);
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === "story" && (files.length === 0 || files.includes(entry.importPath)),
);

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** The build as a static host serves it, on a free loopback port. */
async function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
    const file = path.join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { "Content-Type": types[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("The static server has no port");
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/**
 * A page of the built preview in one locale, the page errors it met since the last story, and its
 * viewport.
 */
type Preview = { page: Page; pageErrors: string[]; viewport: Viewport };

const test = base.extend<object, { preview: (locale: Locale) => Promise<Preview> }>({
  preview: [
    async ({ browser }, use) => {
      const { server, url } = await serve(dir);
      const viewport = { width: 1200, height: 900 };
      const context = await browser.newContext({ viewport });
      // Storybook's mark for a test run (as @storybook/test-runner sets it, and as the story tier
      // is): after the play function, the preview pauses CSS animations instead of waiting up to
      // 5 s for them to end. Nothing else in the preview reads it.
      await context.addInitScript(() => {
        const agent = `${navigator.userAgent} StorybookTestRunner`;
        Object.defineProperty(Navigator.prototype, "userAgent", { get: () => agent });
      });
      const opened = new Map<Locale, Promise<Preview>>();
      const open = async (locale: Locale): Promise<Preview> => {
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on("pageerror", (error) => pageErrors.push(error.stack ?? error.message));
        await page.goto(`${url}/iframe.html?viewMode=story`);
        await page.evaluate(async (locale) => {
          const scope = globalThis as unknown as {
            __STORYBOOK_PREVIEW__: { ready(): Promise<void> };
            __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, data: unknown): void };
          };
          await scope.__STORYBOOK_PREVIEW__.ready();
          // What the locale toolbar sends (`globals=locale:fr` in the address does the same). Axe
          // runs on demand only, as in the a11y panel's manual mode: the story tier runs it on the
          // same stories, and here it would take a quarter of the time.
          scope.__STORYBOOK_ADDONS_CHANNEL__.emit("updateGlobals", {
            globals: { locale, a11y: { manual: true } },
          });
        }, locale);
        return { page, pageErrors, viewport };
      };
      await use((locale) => {
        if (!opened.has(locale)) opened.set(locale, open(locale));
        return opened.get(locale)!;
      });
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: "worker" },
  ],
});

type Viewport = { width: number; height: number };
type ViewportOption = { styles?: { width?: string; height?: string } };

/**
 * The size the story tier gives the story (@storybook/addon-vitest's `setViewport`), which the
 * manager's viewport toolbar gives the canvas: the viewport its globals or parameters name, among
 * Storybook's minimal ones and the story's `parameters.viewport.options`, else 1200×900.
 */
function viewportOf(parameters: Record<string, unknown>, globals: Record<string, unknown>): Viewport {
  const fallback = { width: 1200, height: 900 };
  const param = (parameters.viewport ?? {}) as {
    disable?: boolean;
    defaultViewport?: string;
    options?: Record<string, ViewportOption>;
    viewports?: Record<string, ViewportOption>;
  };
  const global = (globals.viewport ?? {}) as { value?: string; isRotated?: boolean };
  if (param.disable) return fallback;
  const name = global.value ?? param.defaultViewport;
  const options: Record<string, ViewportOption> = {
    ...MINIMAL_VIEWPORTS,
    ...param.viewports,
    ...param.options,
  };
  const styles = name ? options[name]?.styles : undefined;
  const pixels = (value: string | undefined) =>
    value && /^\d+(px)?$/.test(value) ? Number.parseInt(value, 10) : NaN;
  const width = pixels(styles?.width);
  const height = pixels(styles?.height);
  if (Number.isNaN(width) || Number.isNaN(height)) {
    if (styles) throw new Error(`Viewport "${name}" has no size in pixels: ${JSON.stringify(styles)}`);
    return fallback;
  }
  return global.isRotated ? { width: height, height: width } : { width, height };
}

/** The story's parameters and globals (its own over the locale's), as the preview composes them. */
function contextOf(page: Page, storyId: string) {
  return page.evaluate(async (storyId) => {
    type Store = {
      loadStory(options: { storyId: string }): Promise<unknown>;
      getStoryContext(story: unknown): {
        parameters: Record<string, unknown>;
        globals: Record<string, unknown>;
      };
    };
    const store = (globalThis as unknown as { __STORYBOOK_PREVIEW__: { storyStoreValue: Store } })
      .__STORYBOOK_PREVIEW__.storyStoreValue;
    const { parameters, globals } = store.getStoryContext(await store.loadStory({ storyId }));
    return { parameters: { viewport: parameters.viewport }, globals: { viewport: globals.viewport } };
  }, storyId);
}

/**
 * Selects the story on the preview's channel and waits for Storybook to finish it (render, play
 * function, afterEach: `storyFinished`), collecting what the Interactions panel would show red.
 */
function playStory(page: Page, storyId: string): Promise<string[]> {
  return page.evaluate((storyId) => {
    type Channel = {
      on(event: string, listener: (data: never) => void): void;
      off(event: string, listener: (data: never) => void): void;
      emit(event: string, data: unknown): void;
    };
    type SerializedError = { name?: string; message?: string; stack?: string };
    const scope = globalThis as unknown as {
      __STORYBOOK_ADDONS_CHANNEL__: Channel;
      __STORYBOOK_PREVIEW__: { currentRender?: { id?: string } };
    };
    const channel = scope.__STORYBOOK_ADDONS_CHANNEL__;
    const describe = (error: SerializedError) =>
      (error.stack?.includes(error.message ?? "") ? error.stack : `${error.message}\n${error.stack ?? ""}`)
        // Vitest's expect colours its messages for a terminal.
        .replace(/\u001b\[[0-9;]*m/g, "")
        .trim();
    return new Promise<string[]>((resolve) => {
      const problems: string[] = [];
      const listeners: Record<string, (data: never) => void> = {
        playFunctionThrewException: (error: SerializedError) =>
          problems.push(`The play function failed: ${describe(error)}`),
        unhandledErrorsWhilePlaying: (errors: SerializedError[]) =>
          problems.push(...errors.map((error) => `Unhandled while playing: ${describe(error)}`)),
        storyThrewException: (error: SerializedError) => problems.push(`The story threw: ${describe(error)}`),
        storyErrored: ({ title, description }: { title: string; description: string }) => {
          problems.push(`The story errored: ${title}\n${description}`);
          finish();
        },
        storyMissing: () => {
          problems.push("Storybook has no such story");
          finish();
        },
        storyFinished: ({
          storyId: finished,
          status,
          reporters,
        }: {
          storyId: string;
          status: string;
          reporters: { type: string; status: string; result?: { violations?: { id: string }[] } }[];
        }) => {
          if (finished !== storyId) return;
          for (const report of reporters.filter((report) => report.status === "failed")) {
            const violations = report.result?.violations?.map((violation) => violation.id) ?? [];
            problems.push(
              `The ${report.type} report failed${violations.length ? `: ${violations.join(", ")}` : ""}`,
            );
          }
          if (status !== "success" && problems.length === 0)
            problems.push(`Storybook finished it as "${status}"`);
          finish();
        },
      };
      function finish() {
        for (const [event, listener] of Object.entries(listeners)) channel.off(event, listener);
        resolve(problems);
      }
      for (const [event, listener] of Object.entries(listeners)) channel.on(event, listener);
      // Selecting the story already shown would not play it again: remount it instead.
      if (scope.__STORYBOOK_PREVIEW__.currentRender?.id === storyId)
        channel.emit("forceRemount", { storyId });
      else channel.emit("setCurrentStory", { storyId, viewMode: "story" });
    });
  }, storyId);
}

for (const locale of locales) {
  test.describe(locale, () => {
    for (const story of stories) {
      test(`${story.title} › ${story.name}`, async ({ preview }) => {
        const shown = await preview(locale);
        const { page, pageErrors } = shown;
        const { parameters, globals } = await contextOf(page, story.id);
        const viewport = viewportOf(parameters, globals);
        if (viewport.width !== shown.viewport.width || viewport.height !== shown.viewport.height) {
          await page.setViewportSize(viewport);
          shown.viewport = viewport;
        }
        const problems = await playStory(page, story.id);
        // An error thrown after the previous story finished counts against this one: none is lost.
        const thrown = pageErrors.splice(0).map((error) => `The page threw: ${error}`);
        expect(
          [...problems, ...thrown],
          `${story.id} in ${locale} (iframe.html?id=${story.id}&viewMode=story&globals=locale:${locale})`,
        ).toEqual([]);
      });
    }
  });
}
