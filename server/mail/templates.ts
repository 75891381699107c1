// The account emails, in the user's language (the `locale` field), linking to the site's own pages.
// Plain text first (what most people read), the same words in a simple HTML part.

export type MailKind = "verification" | "passwordReset" | "emailChange";
export type MailLocale = "en" | "fr";

export type MailContent = { subject: string; text: string; html: string; link: string };

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

// French typography: a no-break space before ":" and inside « », a narrow one before ; ! ?
export const nbsp = "\u00a0";
export const narrow = "\u202f";

function duration(seconds: number, locale: MailLocale): string {
  const hours = seconds / 3600;
  if (Number.isInteger(hours)) {
    if (locale === "fr") return `${hours}${nbsp}heure${hours > 1 ? "s" : ""}`;
    return `${hours} hour${hours > 1 ? "s" : ""}`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (locale === "fr") return `${minutes}${nbsp}minute${minutes > 1 ? "s" : ""}`;
  return `${minutes} minute${minutes > 1 ? "s" : ""}`;
}

function words(input: TemplateInput): Words {
  const { appName, locale, name } = input;
  const valid = duration(input.validFor, locale);
  if (locale === "fr") {
    const greeting = name ? `Bonjour ${name},` : "Bonjour,";
    const signature = `L’équipe ${appName}`;
    switch (input.kind) {
      case "verification":
        return {
          subject: `Confirmez votre adresse e-mail ${appName}`,
          greeting,
          lines: [
            `Merci de votre inscription à ${appName}${narrow}! Pour confirmer votre adresse e-mail, ouvrez ce lien${nbsp}:`,
          ],
          action: "Confirmer mon adresse",
          after: [
            `Ce lien est valable ${valid}.`,
            "Si vous n’avez pas créé de compte, ignorez simplement cet e-mail.",
          ],
          signature,
        };
      case "passwordReset":
        return {
          subject: `Réinitialisez votre mot de passe ${appName}`,
          greeting,
          lines: [`Pour choisir un nouveau mot de passe, ouvrez ce lien${nbsp}:`],
          action: "Choisir un nouveau mot de passe",
          after: [
            `Ce lien est valable ${valid}.`,
            `Si vous n’avez rien demandé, ignorez cet e-mail${nbsp}: votre mot de passe reste inchangé.`,
          ],
          signature,
        };
      case "emailChange":
        return {
          subject: `Confirmez votre nouvelle adresse e-mail ${appName}`,
          greeting,
          lines: [
            `Vous avez demandé à utiliser «${nbsp}${input.newEmail ?? ""}${nbsp}» pour votre compte ${appName}. Pour confirmer ce changement, ouvrez ce lien${nbsp}:`,
          ],
          action: "Confirmer ma nouvelle adresse",
          after: [
            `Ce lien est valable ${valid}. Vous devrez saisir votre mot de passe actuel.`,
            "Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.",
          ],
          signature,
        };
    }
  }
  const greeting = name ? `Hello ${name},` : "Hello,";
  const signature = `The ${appName} team`;
  switch (input.kind) {
    case "verification":
      return {
        subject: `Verify your ${appName} email`,
        greeting,
        lines: [
          `Thanks for signing up to ${appName}! Please confirm your email address by opening this link:`,
        ],
        action: "Verify my email",
        after: [
          `The link is valid for ${valid}.`,
          "If you didn't create an account, you can ignore this email.",
        ],
        signature,
      };
    case "passwordReset":
      return {
        subject: `Reset your ${appName} password`,
        greeting,
        lines: ["To choose a new password, open this link:"],
        action: "Choose a new password",
        after: [
          `The link is valid for ${valid}.`,
          "If you didn't ask for this, you can ignore this email: your password stays the same.",
        ],
        signature,
      };
    case "emailChange":
      return {
        subject: `Confirm your new ${appName} email address`,
        greeting,
        lines: [
          `You asked to use ${input.newEmail ?? ""} for your ${appName} account. To confirm the change, open this link:`,
        ],
        action: "Confirm my new email",
        after: [
          `The link is valid for ${valid}. You will be asked for your current password.`,
          "If you didn't ask for this, you can ignore this email.",
        ],
        signature,
      };
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The link to the site page that completes the action, under `/fr` for French. */
export function actionLink(kind: MailKind, locale: MailLocale, appUrl: string, token: string): string {
  const prefix = locale === "fr" ? "/fr" : "";
  return `${appUrl.replace(/\/+$/, "")}${prefix}${pages[kind]}?token=${encodeURIComponent(token)}`;
}

/** Subject, text and HTML of one account email. */
export function renderMail(input: TemplateInput): MailContent {
  return renderLayout(
    words(input),
    actionLink(input.kind, input.locale, input.appUrl, input.token),
    input.locale,
  );
}

/** The words of one email; `renderLayout` puts them around its link. */
export type Words = {
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  after: string[];
  signature: string;
};

/**
 * Every email's form: plain text first (what most people read), the same words in a simple HTML
 * part with the link as a button and, below it, written out and free to wrap on a phone.
 */
export function renderLayout(w: Words, link: string, locale: MailLocale): MailContent {
  const after = w.after.length > 0 ? [...w.after, ""] : [];
  const text = [w.greeting, "", ...w.lines, link, "", ...after, w.signature, ""].join("\n");
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #111; max-width: 36rem;">',
    paragraph(w.greeting),
    ...w.lines.map(paragraph),
    `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #111; color: #fff; border-radius: 6px; text-decoration: none;">${escapeHtml(w.action)}</a></p>`,
    `<p style="font-size: 13px; color: #555; overflow-wrap: anywhere; word-break: break-all;">${escapeHtml(link)}</p>`,
    ...w.after.map(paragraph),
    paragraph(w.signature),
    "</body></html>",
  ].join("\n");
  return { subject: w.subject, text, html, link };
}
