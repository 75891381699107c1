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

export type EmailProps = { words: Words; link: string; locale: Locale };

/** Left out of the plain-text part by react-email's converter. */
const skipInText = { "data-skip-in-text": true };

const paragraph = { fontSize: "16px", lineHeight: "1.5", marginTop: "0", marginBottom: "16px" };

/** One email: greeting, lines, the button and its link written out, what follows, the signature. */
export function Email({ words, link, locale }: EmailProps): ReactElement {
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
