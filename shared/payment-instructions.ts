import type { Locale } from "./i18n/locales.ts";

// The payment instructions of manual mode (content/{locale}/payment-instructions.md): the server
// emails them and the account page shows them, filled in the same way, so both say the same words.

/** The file's `title` (its frontmatter) and its text without the frontmatter. */
export function splitInstructions(markdown: string): { title: string; text: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
  const title = match ? (/^title:\s*(.*)$/m.exec(match[1]!)?.[1] ?? "").trim() : "";
  return { title, text: markdown.slice(match ? match[0].length : 0).trim() };
}

/** The instructions with `{amount}`, `{period}` and `{reference}` filled in, one paragraph per entry. */
export function paymentInstructions(
  text: string,
  values: { amount: string; period: string; reference: string },
): string[] {
  return text
    .replace(/\{(amount|period|reference)\}/g, (_, key: keyof typeof values) => values[key])
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

/** The `{period}` word of the instructions: "one {period}" (`month`, `year`; `mois`, `an`). */
export function paymentPeriod(interval: "month" | "year", locale: Locale): string {
  if (locale === "fr") return interval === "year" ? "an" : "mois";
  return interval;
}
