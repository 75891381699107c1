/**
 * The docs search box's results written into its prerendered HTML, as src/enhance/docs-search.ts
 * paints them in the DOM: the server answers the search page this way for a query sent without
 * JavaScript (server/site/docs-search.ts). It reads what the box's markup carries
 * (src/widgets/docs-search/docs-search.tsx): the `data-*` messages of the
 * `<search data-slot="docs-search">` root, the result `<template>`, the status line, the results
 * list and the field; the status text and the results come from shared/docs-search.ts.
 */
import { isLocale } from "./i18n/locales.ts";
import { resultView, searchStatus, type SearchHit } from "./docs-search.ts";

const escapeText = (value: string) =>
  value.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch]!);
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', "&quot;");

/** An attribute value as React wrote it, read back. */
const unescapeAttribute = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) =>
    name === "amp" ? "&" : name === "lt" ? "<" : name === "gt" ? ">" : name === "quot" ? '"' : "'",
  );

/** What the search found for a query: its results, or `"error"` when the index could not be read. */
export type SearchAnswer = { query: string; hits: SearchHit[] | "error" };

/**
 * `html` with the first docs search box showing `answer`: the query in the field, the status line
 * (how many pages match, that none does, the empty box's hint, or the error) and one result per
 * hit from the box's template. A page without such a box is returned as it is.
 */
export function writeDocsSearch(html: string, answer: SearchAnswer): string {
  const open = /<search\b[^>]*\bdata-slot="docs-search"[^>]*>/.exec(html);
  const end = open ? html.indexOf("</search>", open.index) : -1;
  if (!open || end < 0) return html;
  const attributes = new Map(
    [...open[0].matchAll(/\s([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
      name!,
      unescapeAttribute(value!),
    ]),
  );
  const locale = attributes.get("data-locale");
  const hits = answer.hits === "error" ? [] : answer.hits;
  const status = searchStatus(
    answer.hits === "error" ? "error" : "ready",
    answer.query,
    hits.length,
    isLocale(locale) ? locale : "en",
    (name) => attributes.get(`data-msg-${name}`),
  );
  let box = html.slice(open.index, end);
  const template = /<template>([\s\S]*?)<\/template>/.exec(box)?.[1] ?? "";
  const items = hits
    .map((hit) => {
      const view = resultView(hit, attributes.get("data-result-href") ?? "{slug}");
      // Replacement functions, not strings: a `$` in a title or a query stays as it is.
      return template
        .replace(/<a\b/, (tag) => `${tag} href="${escapeAttribute(view.href)}"`)
        .replace(/<[^>]*\bdata-field="title"[^>]*>/, (tag) => tag + escapeText(view.title))
        .replace(/<[^>]*\bdata-field="description"[^>]*>/, (tag) => tag + escapeText(view.description));
    })
    .join("");
  box = box
    .replace(/<input\b[^>]*>/, (tag) =>
      tag
        .replace(/\svalue="[^"]*"/, "")
        .replace(/^<input/, () => `<input value="${escapeAttribute(answer.query)}"`),
    )
    .replace(
      /(<p\b[^>]*\baria-live="polite"[^>]*>)[\s\S]*?(<\/p>)/,
      (_, start: string, close: string) => `${start}${escapeText(status)}${close}`,
    )
    .replace(
      /<ul\b([^>]*)><\/ul>/,
      (_, rest: string) => `<ul${items ? rest.replace(/\shidden=""/, "") : rest}>${items}</ul>`,
    );
  return html.slice(0, open.index) + box + html.slice(end);
}
