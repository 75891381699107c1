import { readFileSync } from "node:fs";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { formatter } from "@lingui/format-po";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { locales, type Locale } from "#shared/i18n/locales.ts";

// The emails' words: the translators' catalogs `locales/{locale}/emails.po`, read once with
// Lingui's own .po reader and compiled for `@lingui/core`, so that `node server/main.ts` needs no
// build step (the site's build compiles its own catalogs; the server never imports them).

const catalogDir = new URL("../../locales/", import.meta.url);

function readCatalog(locale: Locale): Messages {
  const source = readFileSync(new URL(`${locale}/emails.po`, catalogDir), "utf8");
  const catalog = formatter().parse(source, { locale, sourceLocale: "en", filename: "emails.po" }) as Record<
    string,
    { translation?: string; obsolete?: boolean }
  >;
  const messages: Messages = {};
  for (const [id, { translation, obsolete }] of Object.entries(catalog)) {
    // A message not translated yet reads in English: its id is the English text.
    if (!obsolete) messages[id] = compileMessage(translation || id);
  }
  return messages;
}

let instances: Record<Locale, I18n> | undefined;

/** The emails' translations in `locale`, for `i18n._(…)` (loaded on first use). */
export function emailI18n(locale: Locale): I18n {
  instances ??= Object.fromEntries(
    locales.map((code) => [code, setupI18n({ locale: code, messages: { [code]: readCatalog(code) } })]),
  ) as Record<Locale, I18n>;
  return instances[locale];
}
