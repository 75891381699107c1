import { afterEach, expect } from "vitest";
import { page } from "vitest/browser";
import { classConflicts } from "./class-conflicts.ts";

// Visual regression offline: every story, in each locale, is compared with its committed baseline
// under __screenshots__/ (`npm run test:stories -- -u` updates them). Chromatic compares the same
// stories online when a project token is set.
declare module "vitest" {
  interface TaskMeta {
    /** Set by @storybook/addon-vitest on each story's test. */
    storyId?: string;
  }
}

afterEach(async (context) => {
  const storyId = context.task.meta.storyId;
  const story = (
    context as { story?: { globals: Record<string, unknown>; parameters: Record<string, unknown> } }
  ).story;
  if (!storyId || !story || context.task.result?.state === "fail") return;
  // Components never rely on a class overriding another one of the same element (see src/lib/cn.ts).
  expect(classConflicts(document.body), "conflicting Tailwind classes").toEqual([]);
  if ((story.parameters.screenshot as { disable?: boolean } | undefined)?.disable) return;
  // A face that a story's text needs beyond the preloaded ones (Latin Extended, italic) loads now.
  await document.fonts.ready;
  await expect
    .element(page.elementLocator(document.body))
    .toMatchScreenshot(`${storyId}--${String(story.globals.locale)}`);
});
