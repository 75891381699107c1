import { type I18n, setupI18n } from "@lingui/core";
import type { Loader } from "@storybook/react-vite";
import { useLayoutEffect, useRef } from "react";
import { messages as en } from "#locales/en/emails.po";
import { messages as fr } from "#locales/fr/emails.po";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { siteConfig } from "#shared/site-config.ts";
import { type EmailProps, type MailContent, renderEmail } from "./layout.ts";

// What the "Emails/…" stories show: an email as the server renders it (layout.ts, with the
// emails' catalog of the story's locale), its subject, its HTML part as a mail client shows it
// (in a shadow root, away from the site's styles) and its plain-text part.

/** The site's name and address, as the server's emails say them by default. */
export const storySite = { appName: siteConfig.name, appUrl: siteConfig.url, name: "Zoé" };

/** A configured seller: the footer of every email and the support address the emails give. */
export const storySeller = {
  name: "Lumen SAS",
  address: "12 rue de la Paix, 75002 Paris",
  supportEmail: "help@lumen.example",
};

const catalogs = { en, fr };

function storyI18n(locale: Locale): I18n {
  return setupI18n({ locale, messages: { [locale]: catalogs[locale] } });
}

/** A loader that renders the story's email (`make`, from its args) in the story's locale. */
export function emailLoader<Args>(make: (i18n: I18n, args: Args, locale: Locale) => EmailProps): Loader {
  return async ({ args, globals }) => {
    const locale = isLocale(globals.locale) ? globals.locale : "en";
    return {
      mail: await renderEmail({ seller: storySeller, ...make(storyI18n(locale), args as Args, locale) }),
    };
  };
}

/** The HTML part's body, as a mail client draws it: in a shadow root, so the site's CSS stays out. */
function HtmlPart({ html }: { html: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const body = document.createElement("div");
    for (const { name, value } of doc.body.attributes) body.setAttribute(name, value);
    body.lang = doc.documentElement.lang;
    body.append(...doc.body.childNodes);
    const root = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: "open" });
    root.replaceChildren(body);
  }, [html]);
  return <div ref={host} className="max-w-xl" />;
}

export function EmailPreview({ mail }: { mail: MailContent }) {
  return (
    <div className="grid max-w-xl gap-4 p-6">
      <p className="font-semibold">{mail.subject}</p>
      <HtmlPart html={mail.html} />
      <pre className="font-mono text-sm whitespace-pre-wrap">{mail.text}</pre>
    </div>
  );
}
