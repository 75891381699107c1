/**
 * Every component under src/ui and src/widgets has a docs page in Storybook. Its story file's meta
 * has the `autodocs` tag and takes its description from the Markdown file beside it
 * (`button.docs.md` for `button.stories.tsx`): what the component is for, then its Do, Don't and
 * Accessibility sections. `docsPageProblems` checks the source (a unit test); `storyFilesWithoutDocs`
 * checks a built Storybook's index (scripts/check-storybook-docs.ts).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The folders whose story files each need a docs page. */
export const componentDirs = ["src/ui", "src/widgets"] as const;

/** The story files under `componentDirs`, relative to `root`, with forward slashes, sorted. */
export function componentStoryFiles(root: string): string[] {
  return componentDirs
    .flatMap((dir) =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" }).map((file) =>
        path.posix.join(dir, file.split(path.sep).join("/")),
      ),
    )
    .filter((file) => file.endsWith(".stories.tsx") && !file.includes("__screenshots__/"))
    .sort();
}

/** The sections a docs text has after its first paragraph, and how many bullets each holds (at least, at most). */
const sections = [
  { heading: "### Do", bullets: [2, 4] },
  { heading: "### Don't", bullets: [2, 4] },
  { heading: "### Accessibility", bullets: [1, Infinity] },
] as const;

/** What is wrong with a docs text (none: []). */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  const lines = markdown.split("\n");
  const firstText = lines.find((line) => line.trim() !== "");
  if (!firstText || firstText.startsWith("#") || firstText.startsWith("- ")) {
    problems.push("it does not start with a paragraph saying what the component is for");
  }
  let previous = -1;
  for (const { heading, bullets } of sections) {
    const at = lines.indexOf(heading);
    if (at < 0) {
      problems.push(`no "${heading}" section`);
      continue;
    }
    if (at < previous) problems.push(`"${heading}" is out of order`);
    previous = at;
    const next = lines.findIndex((line, index) => index > at && line.startsWith("#"));
    const count = lines
      .slice(at + 1, next < 0 ? undefined : next)
      .filter((line) => line.startsWith("- ")).length;
    if (count < bullets[0] || count > bullets[1]) {
      problems.push(`"${heading}" has ${count} bullets (${bullets[0]} to ${bullets[1]} expected)`);
    }
  }
  // The docs speak of this repository alone.
  if (/(^|[\s(])#\d+\b|§/.test(markdown)) problems.push("it cites an issue or a spec section");
  return problems;
}

/** What is wrong with the docs page of the story file `storyFile` (relative to `root`; none: []). */
export function docsPageProblems(root: string, storyFile: string): string[] {
  const source = readFileSync(path.join(root, storyFile), "utf8");
  const problems: string[] = [];
  if (!/\btags: \[[^\]]*"autodocs"/.test(source)) problems.push('its meta has no "autodocs" tag');
  const docsFile = `${path.posix.basename(storyFile, ".stories.tsx")}.docs.md`;
  const imported = new RegExp(
    `^import (\\w+) from "\\./${docsFile.replace(/\./g, "\\.")}\\?raw";$`,
    "m",
  ).exec(source);
  if (!imported) return [...problems, `it does not import ./${docsFile}?raw`];
  if (!new RegExp(`description: \\{\\s*component: ${imported[1]},?\\s*\\}`).test(source)) {
    problems.push(`its meta's docs.description.component is not ${imported[1]}`);
  }
  const markdown = path.join(root, path.posix.dirname(storyFile), docsFile);
  if (!existsSync(markdown)) return [...problems, `${docsFile} is missing`];
  return [...problems, ...markdownProblems(readFileSync(markdown, "utf8")).map((p) => `${docsFile}: ${p}`)];
}

/** The entries of a built Storybook's index.json that matter here. */
export type StorybookIndex = { entries: Record<string, { type: string; importPath: string }> };

/** The docs entries of `index` whose file is one of `storyFiles` (paths as `componentStoryFiles` gives them). */
export function docsEntriesOf(index: StorybookIndex, storyFiles: readonly string[]): string[] {
  const files = new Set(storyFiles);
  return Object.entries(index.entries)
    .filter(([, entry]) => entry.type === "docs" && files.has(entry.importPath.replace(/^\.\//, "")))
    .map(([id]) => id);
}

/** The story files with no docs entry in `index`. */
export function storyFilesWithoutDocs(index: StorybookIndex, storyFiles: readonly string[]): string[] {
  const documented = new Set(
    Object.values(index.entries)
      .filter((entry) => entry.type === "docs")
      .map((entry) => entry.importPath.replace(/^\.\//, "")),
  );
  return storyFiles.filter((file) => !documented.has(file));
}
