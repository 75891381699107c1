import type { Element, ElementContent, Root as HastRoot, RootContent } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";
import { ContentError, type Heading, type Rendered, type Section } from "./schema.ts";

export type RenderOptions = {
  /** Added to every heading level (1: `##` becomes `<h3>`), for documents shown under a page's own title. */
  headingOffset?: number;
  /** Prefixed to heading ids, keeping them unique when several documents share a page. */
  idPrefix?: string;
};

/** Splits `---\nyaml\n---\nbody` into the parsed YAML and the markdown body. */
export function splitFrontmatter(file: string, source: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source.replace(/^\uFEFF/, ""));
  if (!match)
    throw new ContentError([`${file}: frontmatter missing (start the file with --- and YAML fields)`]);
  try {
    return { data: parseYaml(match[1]!), body: match[2]! };
  } catch (error) {
    throw new ContentError([
      `${file}: frontmatter is not valid YAML: ${(error as Error).message.split("\n")[0]}`,
    ]);
  }
}

function textOf(node: ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return node.children.map((child) => textOf(child as ElementContent)).join("");
  return "";
}

function walk(node: HastRoot | Element, visit: (element: Element) => void) {
  for (const child of node.children) {
    if (child.type === "element") {
      visit(child);
      walk(child, visit);
    }
  }
}

const headingTag = /^h([1-6])$/;

/** Shifts heading levels down by `offset` (capped at h6). */
function shiftHeadings(offset: number) {
  return (tree: HastRoot) => {
    if (!offset) return;
    walk(tree, (element) => {
      const level = headingTag.exec(element.tagName)?.[1];
      if (level) element.tagName = `h${Math.min(6, Number(level) + offset)}`;
    });
  };
}

const childElements = (node: Element, tagName: string) =>
  node.children.filter((child): child is Element => child.type === "element" && child.tagName === tagName);

/**
 * Each body cell gets its column's header as `data-label`: on a phone a wide table shows each row
 * as a card with one line per cell, named by its column (src/ui/prose.tsx).
 */
function labelCells(table: Element) {
  const [head] = childElements(table, "thead");
  const [headRow] = head ? childElements(head, "tr") : [];
  if (!headRow) return;
  const labels = headRow.children.flatMap((cell) => (cell.type === "element" ? [textOf(cell).trim()] : []));
  for (const body of childElements(table, "tbody")) {
    for (const row of childElements(body, "tr")) {
      row.children
        .filter((cell): cell is Element => cell.type === "element")
        .forEach((cell, index) => {
          if (labels[index]) cell.properties.dataLabel = labels[index];
        });
    }
  }
}

/**
 * Collects headings (after slugging) into `file.data.headings` and the plain text into
 * `file.data.text`; external links get `rel="noopener noreferrer"`; empty header cells become cells;
 * body cells are labelled by their column.
 */
function collectHeadings() {
  return (tree: HastRoot, file: { data: Record<string, unknown> }) => {
    const headings: Heading[] = [];
    walk(tree, (element) => {
      const level = headingTag.exec(element.tagName)?.[1];
      if (level && typeof element.properties.id === "string") {
        headings.push({ depth: Number(level), id: element.properties.id, text: textOf(element).trim() });
      }
      // A table may scroll sideways on a phone: reachable by keyboard (axe: scrollable-region-focusable).
      if (element.tagName === "table") {
        element.properties.tabIndex = 0;
        labelCells(element);
      }
      // A table's empty corner cell is not a header (axe: empty-table-header).
      if (element.tagName === "th" && !textOf(element).trim()) element.tagName = "td";
      if (element.tagName === "a" && typeof element.properties.href === "string") {
        if (/^https?:\/\//.test(element.properties.href)) element.properties.rel = ["noopener", "noreferrer"];
      }
    });
    file.data.headings = headings;
    const clean = (text: string) => text.replace(/\s+/g, " ").trim();
    file.data.text = clean(textOf(tree as unknown as RootContent));
    // The text under each second- or third-level heading, for a search that finds the section.
    const sections: Section[] = [{ id: "", heading: "", text: "" }];
    for (const node of tree.children) {
      const element = node.type === "element" ? node : undefined;
      if (element && /^h[23]$/.test(element.tagName) && typeof element.properties.id === "string") {
        sections.push({ id: element.properties.id, heading: clean(textOf(element)), text: "" });
      } else {
        const section = sections[sections.length - 1]!;
        section.text = clean(`${section.text} ${textOf(node as RootContent)}`);
      }
    }
    file.data.sections = sections.filter((section) => section.id || section.text);
  };
}

/**
 * Markdown (GFM) to HTML that is safe to inject: raw HTML in the source is dropped and attributes
 * are sanitised (rehype-sanitize's GitHub schema) before headings get their ids (rehype-slug), so
 * ids stay readable (`#what-you-need`) and the table of contents can link to them.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): Rendered {
  const file = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeSanitize)
    .use(() => shiftHeadings(options.headingOffset ?? 0))
    .use(rehypeSlug, { prefix: options.idPrefix ?? "" })
    .use(collectHeadings)
    .use(rehypeStringify)
    .processSync(markdown);
  const headings = (file.data.headings as Heading[] | undefined) ?? [];
  return {
    html: String(file),
    headings,
    text: (file.data.text as string | undefined) ?? "",
    sections: (file.data.sections as Section[] | undefined) ?? [],
  };
}
