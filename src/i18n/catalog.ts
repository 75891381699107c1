import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "./locales.ts";

// One chunk per locale, loaded on demand; the Lingui Vite plugin compiles the .po file.
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en/messages.po"),
  fr: () => import("../../locales/fr/messages.po"),
};

const loaded = new Map<Locale, Messages>();

/** Loads (once) and activates a locale's catalog. Throws `Failed loading locale ({code})`. */
export async function activateLocale(locale: Locale): Promise<void> {
  let messages = loaded.get(locale);
  if (!messages) {
    try {
      messages = (await loaders[locale]()).messages;
    } catch (cause) {
      throw new Error(`Failed loading locale (${locale})`, { cause });
    }
    loaded.set(locale, messages);
  }
  if (i18n.locale !== locale) i18n.loadAndActivate({ locale, messages });
}
