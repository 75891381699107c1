import type { I18n } from "@lingui/core";
import type { Locale } from "#shared/i18n/locales.ts";
import { localizePath } from "#shared/i18n/paths.ts";
import type { EmailProps, Words } from "./layout.ts";

// The account emails, in the user's language (the `locale` field), linking to the site's own pages.
// Their words are in locales/{locale}/emails.po (catalog.ts); their form is layout.ts's.

export type { MailContent, Words } from "./layout.ts";
export type MailKind = "verification" | "passwordReset" | "emailChange";
export type MailLocale = Locale;

export type TemplateInput = {
  kind: MailKind;
  locale: MailLocale;
  appName: string;
  appUrl: string;
  token: string;
  name: string;
  /** Token lifetime in seconds, said in the message. */
  validFor: number;
  /** For an email change: the new address. */
  newEmail?: string;
};

const pages: Record<MailKind, string> = {
  verification: "/verify-email",
  passwordReset: "/reset-password",
  emailChange: "/confirm-email-change",
};

/** Every email's greeting and signature. */
export function greetingAndSignature(i18n: I18n, { appName, name }: { appName: string; name: string }) {
  return {
    greeting: name ? i18n._("Hello {name},", { name }) : i18n._("Hello,"),
    signature: i18n._("The {appName} team", { appName }),
  };
}

/** The page of the site at `path` (an English path) in the reader's language. */
export function siteLink(appUrl: string, path: string, locale: MailLocale): string {
  return `${appUrl.replace(/\/+$/, "")}${localizePath(path, locale)}`;
}

function duration(i18n: I18n, seconds: number): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) return i18n._("{hours, plural, one {# hour} other {# hours}}", { hours });
  const minutes = Math.max(1, Math.round(seconds / 60));
  return i18n._("{minutes, plural, one {# minute} other {# minutes}}", { minutes });
}

/** The words of one account email. */
export function accountWords(i18n: I18n, input: TemplateInput): Words {
  const { appName } = input;
  const common = greetingAndSignature(i18n, input);
  const valid = { duration: duration(i18n, input.validFor) };
  switch (input.kind) {
    case "verification":
      return {
        ...common,
        subject: i18n._("Verify your {appName} email", { appName }),
        lines: [
          i18n._(
            "Thanks for signing up to {appName}! Please confirm your email address by opening this link:",
            { appName },
          ),
        ],
        action: i18n._("Verify my email"),
        after: [
          i18n._("The link is valid for {duration}.", valid),
          i18n._("If you didn't create an account, you can ignore this email."),
        ],
      };
    case "passwordReset":
      return {
        ...common,
        subject: i18n._("Reset your {appName} password", { appName }),
        lines: [i18n._("To choose a new password, open this link:")],
        action: i18n._("Choose a new password"),
        after: [
          i18n._("The link is valid for {duration}.", valid),
          i18n._("If you didn't ask for this, you can ignore this email: your password stays the same."),
        ],
      };
    case "emailChange":
      return {
        ...common,
        subject: i18n._("Confirm your new {appName} email address", { appName }),
        lines: [
          i18n._(
            "You asked to use {newEmail} for your {appName} account. To confirm the change, open this link:",
            { newEmail: input.newEmail ?? "", appName },
          ),
        ],
        action: i18n._("Confirm my new email"),
        after: [
          i18n._("The link is valid for {duration}. You will be asked for your current password.", valid),
          i18n._("If you didn't ask for this, you can ignore this email."),
        ],
      };
  }
}

/** The link to the site page that completes the action, in the reader's language. */
export function actionLink(kind: MailKind, locale: MailLocale, appUrl: string, token: string): string {
  return `${siteLink(appUrl, pages[kind], locale)}?token=${encodeURIComponent(token)}`;
}

/** One account email: its words and link, for `Email` (layout.ts). */
export function accountEmail(i18n: I18n, input: TemplateInput): EmailProps {
  return {
    words: accountWords(i18n, input),
    link: actionLink(input.kind, input.locale, input.appUrl, input.token),
    locale: input.locale,
  };
}
