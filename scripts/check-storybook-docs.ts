/**
 * Checks a built Storybook: every story file under src/ui and src/widgets has a docs entry in its
 * index.json. `node scripts/check-storybook-docs.ts [dir]`, after `npx storybook build -o dir`
 * (default: storybook-static).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  componentDirs,
  componentStoryFiles,
  docsEntriesOf,
  storyFilesWithoutDocs,
  type StorybookIndex,
} from "./component-docs.ts";

const dir = process.argv[2] ?? "storybook-static";
const index = JSON.parse(readFileSync(path.join(dir, "index.json"), "utf8")) as StorybookIndex;
const storyFiles = componentStoryFiles(process.cwd());
const missing = storyFilesWithoutDocs(index, storyFiles);

console.log(
  `${docsEntriesOf(index, storyFiles).length} docs entries for ${storyFiles.length} story files under ${componentDirs.join(" and ")}.`,
);
if (missing.length > 0) {
  console.error(`No docs entry for:\n${missing.map((file) => `  ${file}`).join("\n")}`);
  process.exit(1);
}
