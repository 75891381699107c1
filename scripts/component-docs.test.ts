import { describe, expect, it } from "vitest";
import {
  componentStoryFiles,
  docsEntriesOf,
  docsPageProblems,
  markdownProblems,
  storyFilesWithoutDocs,
} from "./component-docs.ts";

const root = process.cwd();

describe("component docs pages", () => {
  it.each(componentStoryFiles(root))("%s has a docs page with its description", (file) => {
    expect(docsPageProblems(root, file)).toEqual([]);
  });

  it("lists the story files of src/ui and src/widgets, not their screenshot folders", () => {
    const files = componentStoryFiles(root);
    expect(files).toContain("src/ui/button.stories.tsx");
    expect(files).toContain("src/widgets/auth/login-form.stories.tsx");
    expect(files.filter((file) => file.includes("__screenshots__"))).toEqual([]);
  });

  it("asks for a purpose, then Do, Don't and Accessibility with their bullets", () => {
    const complete = [
      "What it is for.",
      "### Do",
      "- one",
      "- two",
      "### Don't",
      "- one",
      "- two",
      "### Accessibility",
      "- one",
    ].join("\n");
    expect(markdownProblems(complete)).toEqual([]);
    expect(markdownProblems(complete.replace("- two\n### Don't", "### Don't"))).toEqual([
      '"### Do" has 1 bullets (2 to 4 expected)',
    ]);
    expect(markdownProblems("### Do\n- one\n- two")).toEqual([
      "it does not start with a paragraph saying what the component is for",
      'no "### Don\'t" section',
      'no "### Accessibility" section',
    ]);
    expect(markdownProblems(`${complete}\n- as asked in #12`)).toEqual([
      "it cites an issue or a spec section",
    ]);
  });

  it("finds the story files that a built index has no docs entry for", () => {
    const index = {
      entries: {
        "ui-button--docs": { type: "docs", importPath: "./src/ui/button.stories.tsx" },
        "ui-button--default": { type: "story", importPath: "./src/ui/button.stories.tsx" },
        "ui-badge--default": { type: "story", importPath: "./src/ui/badge.stories.tsx" },
      },
    };
    const files = ["src/ui/badge.stories.tsx", "src/ui/button.stories.tsx"];
    expect(docsEntriesOf(index, files)).toEqual(["ui-button--docs"]);
    expect(storyFilesWithoutDocs(index, files)).toEqual(["src/ui/badge.stories.tsx"]);
  });
});
