import type { I18n } from "@lingui/core";
import { formatDate } from "#shared/format.ts";
import type { RemovedSecondFactors } from "../core/second-factor.ts";
import { type EmailProps, emailSeller, type Words } from "./layout.ts";
import { greetingAndSignature, type MailLocale, siteLink } from "./templates.ts";

// The security emails, in the user's language: what changed on the account, and what to do if it
// was not them. None holds a secret, a token or a link that signs in: each leads to a public page.

export type SecurityMail =
  /**
   * To the user, after a password change or reset; `removed`: the second factors a reset of an
   * address not verified yet took away (server/core/second-factor.ts).
   */
  | { kind: "passwordChanged"; removed?: RemovedSecondFactors }
  /** To the address the account had before, after an email change. */
  | { kind: "emailChanged"; newEmail: string }
  /** To a superuser, after another superuser (`by`) set their password (`when`: a PocketBase datetime). */
  | { kind: "superuserPasswordChanged"; by: string; when: string; superuser: true }
  /** To the deleted account's address: the goodbye. */
  | { kind: "accountDeleted"; subscriptionCanceled: boolean }
  /**
   * To the user, after a passkey was added to or removed from the account (`when`: a PocketBase
   * datetime); a superuser's leads to the dashboard, where their passkeys are.
   */
  | { kind: "passkeyAdded" | "passkeyRemoved"; passkeyName: string; when: string; superuser?: boolean }
  /** To the user, after two-factor sign-in was turned on or off, or its recovery codes were renewed. */
  | { kind: "totpEnabled" | "totpDisabled" | "recoveryCodesRenewed"; when: string; superuser?: boolean }
  /** To the user, after a sign-in with a recovery code (`recoveryCodesLeft`: the ones not used yet). */
  | { kind: "recoveryCodeUsed"; when: string; recoveryCodesLeft: number; superuser?: boolean }
  /**
   * To the user, after `failures` wrong two-factor codes in a row on the account (whoever typed
   * them knew the password); further codes are refused for a while.
   */
  | { kind: "totpFailures"; when: string; failures: number; superuser?: boolean };

export type SecurityMailInput = SecurityMail & {
  locale: MailLocale;
  appName: string;
  appUrl: string;
  name: string;
  /** Where the reader writes to us; the seller's support address (layout.ts `emailSeller`) by default. */
  supportEmail?: string;
};

/**
 * The emails that ask the reader to write to us: they lead to the support address, or to the
 * community page when no support address is configured.
 */
const writeToUs: ReadonlySet<SecurityMail["kind"]> = new Set(["emailChanged", "totpEnabled"]);

/** The public page each email leads to: reset the password, reach us, or the home page. */
const pages: Record<SecurityMail["kind"], string> = {
  passwordChanged: "/forgot-password",
  emailChanged: "/discord",
  // Sent to superusers only: it leads to the dashboard.
  superuserPasswordChanged: "/",
  accountDeleted: "/",
  passkeyAdded: "/account",
  passkeyRemoved: "/account",
  // Turned on by someone else, two-factor keeps its owner out: only we can let them back in.
  totpEnabled: "/discord",
  totpDisabled: "/account",
  recoveryCodesRenewed: "/account",
  recoveryCodeUsed: "/account",
  // Whoever typed the codes knows the password: a new one (by email) also lifts the lock.
  totpFailures: "/forgot-password",
};

/** When a passkey or two-factor sign-in changed, written out for the locale: the day, then the time (UTC). */
function moment(i18n: I18n, when: string): string {
  return i18n._("on {date} at {hours}:{minutes} UTC", {
    date: formatDate(when, i18n.locale as MailLocale),
    hours: when.slice(11, 13),
    minutes: when.slice(14, 16),
  });
}

/**
 * What a password reset took away, as a sentence (none when nothing was): the address was not
 * verified yet, so who added them may not be the address's owner.
 */
function removedFactors(i18n: I18n, removed: RemovedSecondFactors | undefined): string[] {
  if (!removed || (removed.passkeys.length === 0 && !removed.totp)) return [];
  const items = [
    ...removed.passkeys.map((name) => i18n._('the passkey "{name}"', { name })),
    ...(removed.totp ? [i18n._("two-factor sign-in and its recovery codes")] : []),
  ];
  const last = items.pop()!;
  const list = items.length ? i18n._("{items} and {last}", { items: items.join(", "), last }) : last;
  return [
    i18n._(
      "The address of this account had not been confirmed yet, so the ways to sign in added to it were removed ({list}). If they were yours, add them again from your account.",
      { list },
    ),
  ];
}

/** The superuser dashboard (PocketBase's path; English only). */
const dashboardPath = "/_/";

/** One security email: its words and link, for `Email` (layout.ts). */
export function securityEmail(i18n: I18n, input: SecurityMailInput): EmailProps {
  const superuser = "superuser" in input && input.superuser;
  const support = input.supportEmail ?? emailSeller().supportEmail;
  const link = superuser
    ? `${input.appUrl.replace(/\/+$/, "")}${dashboardPath}`
    : support && writeToUs.has(input.kind)
      ? `mailto:${support}`
      : siteLink(input.appUrl, pages[input.kind], input.locale);
  return { words: securityWords(i18n, input, support), link, locale: input.locale };
}

function securityWords(i18n: I18n, input: SecurityMailInput, support: string): Words {
  const { appName } = input;
  const common = greetingAndSignature(i18n, input);
  const nothingToDo = i18n._("If it was you, there is nothing to do.");
  switch (input.kind) {
    case "passwordChanged":
      return {
        ...common,
        subject: i18n._("Your {appName} password was changed", { appName }),
        lines: [
          i18n._(
            "The password of your {appName} account was just changed. If it was you, there is nothing to do.",
            { appName },
          ),
          i18n._("If it was not you, choose a new password right away:"),
        ],
        action: i18n._("Choose a new password"),
        after: [
          i18n._("Your sessions on other devices were signed out."),
          ...removedFactors(i18n, input.removed),
        ],
      };
    case "emailChanged":
      return {
        ...common,
        subject: i18n._("The email address of your {appName} account changed", { appName }),
        lines: [
          i18n._(
            "Your {appName} account now uses {newEmail}; this address will no longer receive its emails.",
            {
              appName,
              newEmail: input.newEmail,
            },
          ),
          support
            ? i18n._(
                "If it was not you, write to us at {supportEmail} from this address right away: we will give your account back.",
                { supportEmail: support },
              )
            : i18n._(
                "If it was not you, write to us from this address on our community page right away: we will give your account back.",
              ),
        ],
        action: support ? i18n._("Write to us") : i18n._("Contact us"),
        after: [nothingToDo],
      };
    case "superuserPasswordChanged":
      return {
        ...common,
        subject: i18n._("The password of your {appName} superuser account was changed", { appName }),
        lines: [
          i18n._("{by} changed the password of your {appName} superuser account {when}.", {
            by: input.by,
            appName,
            when: moment(i18n, input.when),
          }),
          i18n._(
            "If you did not ask for it, warn the other superusers right away: whoever knows this password can sign in as you.",
          ),
        ],
        action: i18n._("Open the dashboard"),
        after: [i18n._("If you asked for it, there is nothing to do.")],
      };
    case "accountDeleted":
      return {
        ...common,
        subject: i18n._("Your {appName} account is deleted", { appName }),
        lines: [
          [
            i18n._("Your {appName} account and your Stremio credentials are deleted, as you asked.", {
              appName,
            }),
            ...(input.subscriptionCanceled
              ? [i18n._("Your subscription is canceled: nothing more will be charged.")]
              : []),
          ].join(" "),
          i18n._("Thank you for using {appName}! You are welcome back any time.", { appName }),
        ],
        action: i18n._("Visit {appName}", { appName }),
        after: [],
      };
    case "passkeyAdded":
      return {
        ...common,
        subject: i18n._("A passkey was added to your {appName} account", { appName }),
        lines: [
          i18n._(
            'The passkey "{passkeyName}" was added to your {appName} account {when}: it now signs in without a password.',
            { passkeyName: input.passkeyName, appName, when: moment(i18n, input.when) },
          ),
          i18n._("If this wasn't you, sign in and remove it, then change your password:"),
        ],
        action: i18n._("See my passkeys"),
        after: [nothingToDo],
      };
    case "passkeyRemoved":
      return {
        ...common,
        subject: i18n._("A passkey was removed from your {appName} account", { appName }),
        lines: [
          i18n._(
            'The passkey "{passkeyName}" was removed from your {appName} account {when}: it no longer signs in without a password.',
            { passkeyName: input.passkeyName, appName, when: moment(i18n, input.when) },
          ),
          i18n._("If this wasn't you, sign in and check your passkeys, then change your password:"),
        ],
        action: i18n._("See my passkeys"),
        after: [nothingToDo],
      };
    case "totpEnabled":
      return {
        ...common,
        subject: i18n._("Two-factor sign-in was turned on for your {appName} account", { appName }),
        lines: [
          i18n._(
            "Two-factor sign-in was turned on for your {appName} account {when}: signing in with the password now also asks for a code from an authenticator app.",
            { appName, when: moment(i18n, input.when) },
          ),
          support
            ? i18n._(
                "If this wasn't you, someone else can use your account: write to us at {supportEmail} right away:",
                { supportEmail: support },
              )
            : i18n._(
                "If this wasn't you, someone else can use your account: write to us on our community page right away:",
              ),
        ],
        action: support ? i18n._("Write to us") : i18n._("Contact us"),
        after: [
          i18n._(
            "If it was you, keep your recovery codes somewhere safe: each one signs in once without the app.",
          ),
        ],
      };
    case "totpDisabled":
      return {
        ...common,
        subject: i18n._("Two-factor sign-in was turned off for your {appName} account", { appName }),
        lines: [
          i18n._(
            "Two-factor sign-in was turned off for your {appName} account {when}: the password alone signs in again.",
            { appName, when: moment(i18n, input.when) },
          ),
          i18n._("If this wasn't you, sign in, change your password, then turn two-factor sign-in on again:"),
        ],
        action: i18n._("See my account"),
        after: [nothingToDo],
      };
    case "recoveryCodesRenewed":
      return {
        ...common,
        subject: i18n._("New recovery codes were made for your {appName} account", { appName }),
        lines: [
          i18n._(
            "New recovery codes were made for your {appName} account {when}: the old ones no longer work.",
            {
              appName,
              when: moment(i18n, input.when),
            },
          ),
          i18n._("If this wasn't you, sign in, change your password, then make new codes:"),
        ],
        action: i18n._("See my account"),
        after: [nothingToDo],
      };
    case "recoveryCodeUsed":
      return {
        ...common,
        subject: i18n._("A recovery code was used to sign in to your {appName} account", { appName }),
        lines: [
          i18n._(
            "A recovery code was used to sign in to your {appName} account {when}: it will not work again. {left, plural, =0 {You have no recovery codes left.} other {You have # left.}}",
            { appName, when: moment(i18n, input.when), left: input.recoveryCodesLeft },
          ),
          i18n._(
            "If this wasn't you, someone knows your password and your recovery codes: change your password and make new codes right away:",
          ),
        ],
        action: i18n._("See my account"),
        after: [i18n._("If it was you, make new codes before they run out.")],
      };
    case "totpFailures":
      return {
        ...common,
        subject: i18n._("Wrong two-factor codes were entered on your {appName} account", { appName }),
        lines: [
          i18n._(
            "{failures} wrong two-factor codes were entered on your {appName} account, the last {when}: whoever entered them knows your password. Further codes are refused for a while.",
            { failures: input.failures, appName, when: moment(i18n, input.when) },
          ),
          i18n._("If this wasn't you, change your password right away:"),
        ],
        action: i18n._("Choose a new password"),
        after: [i18n._("If it was you, check your phone's clock. A new password also ends the wait.")],
      };
  }
}
