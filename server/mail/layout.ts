// The components come from the packages @react-email/components 1.0 is made of (the versions it
// pins): its index also loads its Tailwind and code-block components, 1.5 s more at each start.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { createElement as h, type ReactElement } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { type Seller, unconfiguredSeller } from "#shared/seller.ts";

// Every email's form, a React component rendered by react-email: the words in paragraphs, the link
// as a button and, below it, written out and free to wrap on a phone. The plain-text part is the
// same HTML as text (the button left out: the link is written out once).
// Plain `.ts` with `createElement`: the server runs under Node's type stripping, which knows no JSX.

/** The words of one email, in the reader's language; `Email` puts them around its link. */
export type Words = {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  after: string[];
  signature: string;
};

export type MailContent = { subject: string; text: string; html: string; link: string };

export type EmailProps = {
  words: Words;
  link: string;
  locale: Locale;
  /** Who sends it, in the footer; the seller set at start (`setEmailSeller`) by default. */
  seller?: Pick<Seller, "name" | "address" | "supportEmail">;
};

type FooterSeller = NonNullable<EmailProps["seller"]>;

// One server sells as one seller: the start sets it once (server/app.ts), and every email, whichever
// module sends it (accounts, security, billing), carries it without each caller passing it on.
let configuredSeller: FooterSeller = unconfiguredSeller;

/** The seller every email's footer names and whose support address the emails give. */
export function setEmailSeller(seller: FooterSeller | undefined) {
  configuredSeller = seller ?? unconfiguredSeller;
}

/** The seller set at start (`setEmailSeller`). */
export function emailSeller(): FooterSeller {
  return configuredSeller;
}

/** Left out of the plain-text part by react-email's converter. */
const skipInText = { "data-skip-in-text": true };

const paragraph = { fontSize: "16px", lineHeight: "1.5", marginTop: "0", marginBottom: "16px" };

const footerText = { fontSize: "12px", lineHeight: "1.5", color: "#555", margin: "0" };

/**
 * Who sends the email: the seller's name and address on one line, then the support address; none
 * of it when nothing is configured.
 */
function Footer({ seller }: { seller: FooterSeller }): ReactElement | null {
  const who = [seller.name, seller.address].filter(Boolean).join(", ");
  if (!who && !seller.supportEmail) return null;
  return h(
    "div",
    {
      "data-slot": "email-footer",
      style: { borderTop: "1px solid #ddd", marginTop: "24px", paddingTop: "12px" },
    },
    who ? h(Text, { style: footerText }, who) : null,
    // Written out, not a mailto link: mail clients link an address themselves, and the plain-text
    // part then shows it once, not followed by its link.
    seller.supportEmail ? h(Text, { style: footerText }, seller.supportEmail) : null,
  );
}

/** One email: greeting, lines, the button and its link written out, what follows, the signature, the footer. */
export function Email({ words, link, locale, seller = configuredSeller }: EmailProps): ReactElement {
  const p = (text: string, key?: number) => h(Text, { key, style: paragraph }, text);
  return h(
    Html,
    { lang: locale },
    h(
      Head,
      null,
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, words.subject),
    ),
    h(
      Body,
      {
        style: {
          fontFamily: "Inter, system-ui, sans-serif",
          color: "#111",
          backgroundColor: "#fff",
          margin: "0",
        },
      },
      h(
        Container,
        { style: { maxWidth: "36rem", margin: "0", padding: "16px" } },
        p(words.greeting),
        ...words.lines.map(p),
        h(
          Button,
          {
            href: link,
            ...skipInText,
            style: {
              padding: "10px 18px",
              backgroundColor: "#111",
              color: "#fff",
              borderRadius: "6px",
              fontSize: "16px",
            },
          },
          words.action,
        ),
        h(
          Text,
          {
            style: {
              fontSize: "13px",
              color: "#555",
              marginTop: "16px",
              marginBottom: "16px",
              overflowWrap: "anywhere",
              wordBreak: "break-all",
            },
          },
          link,
        ),
        ...words.after.map(p),
        p(words.signature),
        h(Footer, { seller }),
      ),
    ),
  );
}

/** Subject, HTML and plain text of one email. */
export async function renderEmail(props: EmailProps): Promise<MailContent> {
  const element = h(Email, props);
  const html = await render(element);
  const text = toPlainText(html);
  return { subject: props.words.subject, html, text: `${text}\n`, link: props.link };
}
