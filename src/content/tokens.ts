import { formatPrice } from "#shared/format.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { LegalDetails } from "#shared/seller.ts";
import { siteConfig } from "#shared/site-config.ts";
import { ContentError } from "./schema.ts";

// The operator's details in the content: a page writes `{{seller.address}}` and the build puts the
// configured value there (SELLER_ADDRESS, docs/configuration.md). A line (a paragraph, a list item,
// a table row) with a token left unset is dropped whole, so a page never shows a placeholder; a
// heading left with nothing under it goes too.

/** Each token's value as markdown ("" when unset). */
export type ContentTokens = Record<string, string>;

const token = /\{\{\s*([\w.]+)\s*\}\}/g;

/** `text` as markdown that shows it as written: every ASCII punctuation character escaped. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}

const mailLink = (address: string) => (address ? `[${escapeMarkdown(address)}](mailto:${address})` : "");
const webLink = (url: string) => (url ? `[${escapeMarkdown(url)}](${url})` : "");

/** The tokens of the content in `locale`: the seller, host and mediator, the support address, the prices. */
export function contentTokens({ seller, host, mediator }: LegalDetails, locale: Locale): ContentTokens {
  const { plans } = siteConfig;
  return {
    "seller.name": escapeMarkdown(seller.name),
    "seller.legalForm": escapeMarkdown(seller.legalForm),
    "seller.address": escapeMarkdown(seller.address),
    "seller.registration": escapeMarkdown(seller.registration),
    "seller.vatNumber": escapeMarkdown(seller.vatNumber),
    "seller.director": escapeMarkdown(seller.director),
    "support.email": mailLink(seller.supportEmail),
    "host.name": escapeMarkdown(host.name),
    "host.address": escapeMarkdown(host.address),
    "host.phone": escapeMarkdown(host.phone),
    "mediator.name": escapeMarkdown(mediator.name),
    "mediator.address": escapeMarkdown(mediator.address),
    "mediator.url": webLink(mediator.url),
    "plans.monthly": formatPrice(plans.paid.monthly, locale),
    "plans.yearly": formatPrice(plans.paid.yearly, locale),
    "plans.trialDays": String(plans.trialDays),
  };
}

/**
 * `markdown` with its tokens filled from `tokens`; a line holding a token whose value is empty is
 * left out. A token `tokens` does not know is an error (`file` names it): a typo would otherwise
 * drop a line without a word.
 */
export function fillTokens(file: string, markdown: string, tokens: ContentTokens): string {
  const unknown = new Set<string>();
  const dropped = Symbol("dropped");
  const filled = markdown.split("\n").map((line): string | typeof dropped => {
    const names = [...line.matchAll(token)].map((match) => match[1]!);
    if (names.length === 0) return line;
    for (const name of names) if (!(name in tokens)) unknown.add(name);
    if (names.some((name) => !tokens[name])) return dropped;
    return line.replace(token, (_, name: string) => tokens[name] ?? "");
  });
  // A heading whose every line was left out goes too: a page shows no empty section.
  const lines = filled.filter((line, index): line is string => {
    if (line === dropped) return false;
    const level = /^(#{1,6}) /.exec(line)?.[1]?.length;
    if (!level) return true;
    let anyDropped = false;
    for (const next of filled.slice(index + 1)) {
      if (next === dropped) {
        anyDropped = true;
        continue;
      }
      const nextLevel = /^(#{1,6}) /.exec(next)?.[1]?.length;
      if (nextLevel !== undefined && nextLevel <= level) break;
      if (next.trim()) return true;
    }
    return !anyDropped;
  });
  if (unknown.size > 0) {
    throw new ContentError(
      [...unknown].map(
        (name) => `${file}: unknown token {{${name}}} (known: ${Object.keys(tokens).join(", ")})`,
      ),
    );
  }
  return lines.join("\n");
}
