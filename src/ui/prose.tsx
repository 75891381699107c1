import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn.ts";

const proseVariants = cva("", {
  variants: {
    size: { base: "text-base leading-7", sm: "text-sm leading-6" },
    tone: { default: "text-foreground", muted: "text-muted-foreground" },
    /** `text`: a comfortable line length; `none`: as wide as its container (or the caller's `max-w-*`). */
    measure: { text: "max-w-[70ch]", none: "" },
  },
  defaultVariants: { size: "base", tone: "default", measure: "text" },
});

/**
 * Typography for rendered markdown (headings, paragraphs, lists, code, tables, blockquotes,
 * links, images). It styles whatever it wraps, including `dangerouslySetInnerHTML` content.
 * Code blocks wrap instead of scrolling; a table that scrolls gets its tab stop from
 * src/content/markdown.ts (axe: scrollable-region-focusable).
 */
function Prose({
  className,
  size,
  tone,
  measure,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof proseVariants>) {
  return (
    <div
      data-slot="prose"
      className={cn(
        proseVariants({ size, tone, measure }),
        "[&>*+*]:mt-5",
        "[&_h1]:text-3xl [&_h1]:leading-tight [&_h1]:font-bold [&_h1]:tracking-tight",
        "[&_h2]:mt-10 [&_h2]:scroll-mt-20 [&_h2]:border-b [&_h2]:border-border [&_h2]:pb-2 [&_h2]:text-2xl [&_h2]:leading-tight [&_h2]:font-semibold [&_h2]:tracking-tight",
        "[&_h3]:mt-8 [&_h3]:scroll-mt-20 [&_h3]:text-xl [&_h3]:font-semibold",
        "[&_h4]:mt-6 [&_h4]:scroll-mt-20 [&_h4]:text-lg [&_h4]:font-semibold",
        "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:no-underline",
        "[&_strong]:font-semibold [&_em]:italic",
        "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2 [&_li>ul]:mt-2 [&_li>ol]:mt-2 [&_li::marker]:text-muted-foreground",
        "[&_blockquote]:border-l-4 [&_blockquote]:border-primary/60 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground [&_blockquote]:italic",
        "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]",
        "[&_pre]:rounded-lg [&_pre]:break-words [&_pre]:whitespace-pre-wrap [&_pre]:border [&_pre]:border-border [&_pre]:bg-surface [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
        // A table wider than its column scrolls sideways; code in a cell (a username someone will
        // retype on a TV) never breaks inside a word.
        "[&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm [&_td_code]:whitespace-nowrap [&_th_code]:whitespace-nowrap",
        "[&_th]:border [&_th]:border-border [&_th]:bg-surface [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold",
        "[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top",
        // On a phone a table of three columns or more would be wider than the screen: each row is a
        // card titled by its first cell, each other cell under its column's name (the `data-label`
        // that src/content/markdown.ts writes); the header row is left to screen readers.
        "max-sm:[&_table:has(th:nth-child(3))]:overflow-visible max-sm:[&_table:has(th:nth-child(3))_thead]:sr-only",
        "max-sm:[&_table:has(th:nth-child(3))_tbody]:grid max-sm:[&_table:has(th:nth-child(3))_tbody]:gap-3",
        "max-sm:[&_table:has(th:nth-child(3))_tr]:block max-sm:[&_table:has(th:nth-child(3))_tr]:overflow-hidden max-sm:[&_table:has(th:nth-child(3))_tr]:rounded-lg max-sm:[&_table:has(th:nth-child(3))_tr]:border",
        "max-sm:[&_table:has(th:nth-child(3))_td]:block max-sm:[&_table:has(th:nth-child(3))_td]:border-0 max-sm:[&_table:has(th:nth-child(3))_td]:border-t",
        "max-sm:[&_table:has(th:nth-child(3))_td]:before:mb-0.5 max-sm:[&_table:has(th:nth-child(3))_td]:before:block max-sm:[&_table:has(th:nth-child(3))_td]:before:text-xs max-sm:[&_table:has(th:nth-child(3))_td]:before:text-muted-foreground max-sm:[&_table:has(th:nth-child(3))_td]:before:content-[attr(data-label)]",
        "max-sm:[&_table:has(th:nth-child(3))_td:first-child]:border-t-0 max-sm:[&_table:has(th:nth-child(3))_td:first-child]:bg-surface max-sm:[&_table:has(th:nth-child(3))_td:first-child]:font-semibold max-sm:[&_table:has(th:nth-child(3))_td:first-child]:before:content-none",
        "[&_hr]:my-8 [&_hr]:border-border [&_img]:rounded-lg [&_img]:border [&_img]:border-border",
        "[&_kbd]:rounded [&_kbd]:border [&_kbd]:border-border [&_kbd]:bg-muted [&_kbd]:px-1.5 [&_kbd]:font-mono [&_kbd]:text-sm",
        className,
      )}
      {...props}
    />
  );
}

export { Prose };
