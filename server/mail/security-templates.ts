import { formatDate } from "../../shared/format.ts";
import { localizePath } from "../../shared/i18n/paths.ts";
import type { RemovedSecondFactors } from "../core/second-factor.ts";
import { type MailContent, type MailLocale, nbsp, narrow, renderLayout, type Words } from "./templates.ts";

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
};

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
function moment(when: string, locale: MailLocale): string {
  const [hours, minutes] = [when.slice(11, 13), when.slice(14, 16)];
  if (locale === "fr") return `le ${formatDate(when, "fr")} à ${hours}${nbsp}h${nbsp}${minutes} UTC`;
  return `on ${formatDate(when, "en")} at ${hours}:${minutes} UTC`;
}

/**
 * What a password reset took away, as a sentence for the locale (none when nothing was): the
 * address was not verified yet, so who added them may not be the address's owner.
 */
function removedFactors(removed: RemovedSecondFactors | undefined, locale: MailLocale): string[] {
  if (!removed || (removed.passkeys.length === 0 && !removed.totp)) return [];
  const fr = locale === "fr";
  const items = [
    ...removed.passkeys.map((name) =>
      fr ? `la clé d’accès «${nbsp}${name}${nbsp}»` : `the passkey "${name}"`,
    ),
    ...(removed.totp
      ? [
          fr
            ? "la connexion en deux étapes et ses codes de secours"
            : "two-factor sign-in and its recovery codes",
        ]
      : []),
  ];
  const last = items.pop()!;
  const list = items.length ? `${items.join(", ")} ${fr ? "et" : "and"} ${last}` : last;
  return [
    fr
      ? `L’adresse de ce compte n’avait pas encore été confirmée${nbsp}: les moyens de connexion qui y avaient été ajoutés ont donc été retirés (${list}). S’ils étaient à vous, ajoutez-les de nouveau depuis votre compte.`
      : `The address of this account had not been confirmed yet, so the ways to sign in added to it were removed (${list}). If they were yours, add them again from your account.`,
  ];
}

/** The superuser dashboard (PocketBase's path; English only). */
const dashboardPath = "/_/";

/** Subject, text and HTML of one security email. */
export function renderSecurityMail(input: SecurityMailInput): MailContent {
  const page =
    "superuser" in input && input.superuser ? dashboardPath : localizePath(pages[input.kind], input.locale);
  const link = `${input.appUrl.replace(/\/+$/, "")}${page}`;
  return renderLayout(securityWords(input), link, input.locale);
}

function securityWords(input: SecurityMailInput): Words {
  const { appName, locale, name } = input;
  if (locale === "fr") {
    const greeting = name ? `Bonjour ${name},` : "Bonjour,";
    const signature = `L’équipe ${appName}`;
    switch (input.kind) {
      case "passwordChanged":
        return {
          subject: `Votre mot de passe ${appName} a été modifié`,
          greeting,
          lines: [
            `Le mot de passe de votre compte ${appName} vient d’être modifié. Si c’était vous, il n’y a rien à faire.`,
            `Si ce n’était pas vous, choisissez tout de suite un nouveau mot de passe${nbsp}:`,
          ],
          action: "Choisir un nouveau mot de passe",
          after: ["Vos sessions ouvertes ailleurs ont été fermées.", ...removedFactors(input.removed, "fr")],
          signature,
        };
      case "emailChanged":
        return {
          subject: `L’adresse e-mail de votre compte ${appName} a changé`,
          greeting,
          lines: [
            `Votre compte ${appName} utilise désormais l’adresse «${nbsp}${input.newEmail}${nbsp}»${narrow}; cette adresse-ci ne recevra plus ses e-mails.`,
            `Si ce n’était pas vous, écrivez-nous tout de suite depuis cette adresse sur notre communauté${nbsp}: nous vous rendrons votre compte.`,
          ],
          action: "Nous contacter",
          after: ["Si c’était vous, il n’y a rien à faire."],
          signature,
        };
      case "superuserPasswordChanged":
        return {
          subject: `Le mot de passe de votre compte superutilisateur ${appName} a été modifié`,
          greeting,
          lines: [
            `${input.by} a modifié le mot de passe de votre compte superutilisateur ${appName} ${moment(input.when, "fr")}.`,
            `Si vous ne l’avez pas demandé, prévenez tout de suite les autres superutilisateurs${nbsp}: qui connaît ce mot de passe peut se connecter à votre place.`,
          ],
          action: "Ouvrir le tableau de bord",
          after: ["Si vous l’avez demandé, il n’y a rien à faire."],
          signature,
        };
      case "accountDeleted":
        return {
          subject: `Votre compte ${appName} est supprimé`,
          greeting,
          lines: [
            `Votre compte ${appName} et vos identifiants Stremio sont supprimés, comme vous l’avez demandé.${input.subscriptionCanceled ? ` Votre abonnement est résilié${nbsp}: rien ne sera plus prélevé.` : ""}`,
            `Merci d’avoir utilisé ${appName}${narrow}! Vous pouvez revenir quand vous voulez.`,
          ],
          action: `Visiter ${appName}`,
          after: [],
          signature,
        };
      case "passkeyAdded":
      case "passkeyRemoved": {
        const added = input.kind === "passkeyAdded";
        return {
          subject: `Une clé d’accès a été ${added ? "ajoutée à" : "retirée de"} votre compte ${appName}`,
          greeting,
          lines: [
            `La clé d’accès «${nbsp}${input.passkeyName}${nbsp}» a été ${added ? "ajoutée à" : "retirée de"} votre compte ${appName} ${moment(input.when, "fr")}${nbsp}: elle ${added ? "permet désormais" : "ne permet plus"} de s’y connecter sans mot de passe.`,
            `Si ce n’était pas vous, connectez-vous, ${added ? "supprimez cette clé" : "vérifiez vos clés d’accès"}, puis changez votre mot de passe${nbsp}:`,
          ],
          action: "Voir mes clés d’accès",
          after: ["Si c’était vous, il n’y a rien à faire."],
          signature,
        };
      }
      case "totpEnabled":
        return {
          subject: `La connexion en deux étapes a été activée sur votre compte ${appName}`,
          greeting,
          lines: [
            `La connexion en deux étapes a été activée sur votre compte ${appName} ${moment(input.when, "fr")}${nbsp}: se connecter avec le mot de passe demande désormais aussi un code de votre application d’authentification.`,
            `Si ce n’était pas vous, quelqu’un d’autre peut utiliser votre compte${nbsp}: écrivez-nous tout de suite sur notre communauté${nbsp}:`,
          ],
          action: "Nous contacter",
          after: [
            `Si c’était vous, gardez vos codes de secours en lieu sûr${nbsp}: chacun permet de se connecter une fois sans l’application.`,
          ],
          signature,
        };
      case "totpDisabled":
      case "recoveryCodesRenewed": {
        const disabled = input.kind === "totpDisabled";
        return {
          subject: disabled
            ? `La connexion en deux étapes a été désactivée sur votre compte ${appName}`
            : `De nouveaux codes de secours ont été créés pour votre compte ${appName}`,
          greeting,
          lines: [
            disabled
              ? `La connexion en deux étapes a été désactivée sur votre compte ${appName} ${moment(input.when, "fr")}${nbsp}: le mot de passe suffit de nouveau pour s’y connecter.`
              : `De nouveaux codes de secours ont été créés pour votre compte ${appName} ${moment(input.when, "fr")}${nbsp}: les anciens ne fonctionnent plus.`,
            `Si ce n’était pas vous, connectez-vous, changez votre mot de passe, puis ${disabled ? "réactivez la connexion en deux étapes" : "créez d’autres codes"}${nbsp}:`,
          ],
          action: "Voir mon compte",
          after: ["Si c’était vous, il n’y a rien à faire."],
          signature,
        };
      }
      case "recoveryCodeUsed": {
        const left = input.recoveryCodesLeft;
        return {
          subject: `Un code de secours a servi à vous connecter à votre compte ${appName}`,
          greeting,
          lines: [
            `Un code de secours a servi à se connecter à votre compte ${appName} ${moment(input.when, "fr")}${nbsp}: il ne servira plus. ${left === 0 ? "Il ne vous en reste aucun." : `Il vous en reste ${left}.`}`,
            `Si ce n’était pas vous, quelqu’un connaît votre mot de passe et vos codes de secours${nbsp}: changez tout de suite votre mot de passe et créez d’autres codes${nbsp}:`,
          ],
          action: "Voir mon compte",
          after: ["Si c’était vous, créez d’autres codes avant qu’ils ne viennent à manquer."],
          signature,
        };
      }
      case "totpFailures":
        return {
          subject: `Des codes erronés ont été saisis sur votre compte ${appName}`,
          greeting,
          lines: [
            `${input.failures}${nbsp}codes erronés de connexion en deux étapes ont été saisis sur votre compte ${appName}, le dernier ${moment(input.when, "fr")}${nbsp}: celui qui les a saisis connaît votre mot de passe. Les codes suivants sont refusés pendant un moment.`,
            `Si ce n’était pas vous, changez tout de suite votre mot de passe${nbsp}:`,
          ],
          action: "Choisir un nouveau mot de passe",
          after: [
            `Si c’était vous, vérifiez l’heure de votre téléphone. Un nouveau mot de passe lève aussi l’attente.`,
          ],
          signature,
        };
    }
  }
  const greeting = name ? `Hello ${name},` : "Hello,";
  const signature = `The ${appName} team`;
  switch (input.kind) {
    case "passwordChanged":
      return {
        subject: `Your ${appName} password was changed`,
        greeting,
        lines: [
          `The password of your ${appName} account was just changed. If it was you, there is nothing to do.`,
          "If it was not you, choose a new password right away:",
        ],
        action: "Choose a new password",
        after: ["Your sessions on other devices were signed out.", ...removedFactors(input.removed, "en")],
        signature,
      };
    case "emailChanged":
      return {
        subject: `The email address of your ${appName} account changed`,
        greeting,
        lines: [
          `Your ${appName} account now uses ${input.newEmail}; this address will no longer receive its emails.`,
          "If it was not you, write to us from this address on our community page right away: we will give your account back.",
        ],
        action: "Contact us",
        after: ["If it was you, there is nothing to do."],
        signature,
      };
    case "superuserPasswordChanged":
      return {
        subject: `The password of your ${appName} superuser account was changed`,
        greeting,
        lines: [
          `${input.by} changed the password of your ${appName} superuser account ${moment(input.when, "en")}.`,
          "If you did not ask for it, warn the other superusers right away: whoever knows this password can sign in as you.",
        ],
        action: "Open the dashboard",
        after: ["If you asked for it, there is nothing to do."],
        signature,
      };
    case "accountDeleted":
      return {
        subject: `Your ${appName} account is deleted`,
        greeting,
        lines: [
          `Your ${appName} account and your Stremio credentials are deleted, as you asked.${input.subscriptionCanceled ? " Your subscription is canceled: nothing more will be charged." : ""}`,
          `Thank you for using ${appName}! You are welcome back any time.`,
        ],
        action: `Visit ${appName}`,
        after: [],
        signature,
      };
    case "passkeyAdded":
    case "passkeyRemoved": {
      const added = input.kind === "passkeyAdded";
      return {
        subject: `A passkey was ${added ? "added to" : "removed from"} your ${appName} account`,
        greeting,
        lines: [
          `The passkey "${input.passkeyName}" was ${added ? "added to" : "removed from"} your ${appName} account ${moment(input.when, "en")}: it ${added ? "now signs in" : "no longer signs in"} without a password.`,
          `If this wasn't you, sign in and ${added ? "remove it" : "check your passkeys"}, then change your password:`,
        ],
        action: "See my passkeys",
        after: ["If it was you, there is nothing to do."],
        signature,
      };
    }
    case "totpEnabled":
      return {
        subject: `Two-factor sign-in was turned on for your ${appName} account`,
        greeting,
        lines: [
          `Two-factor sign-in was turned on for your ${appName} account ${moment(input.when, "en")}: signing in with the password now also asks for a code from an authenticator app.`,
          "If this wasn't you, someone else can use your account: write to us on our community page right away:",
        ],
        action: "Contact us",
        after: [
          "If it was you, keep your recovery codes somewhere safe: each one signs in once without the app.",
        ],
        signature,
      };
    case "totpDisabled":
    case "recoveryCodesRenewed": {
      const disabled = input.kind === "totpDisabled";
      return {
        subject: disabled
          ? `Two-factor sign-in was turned off for your ${appName} account`
          : `New recovery codes were made for your ${appName} account`,
        greeting,
        lines: [
          disabled
            ? `Two-factor sign-in was turned off for your ${appName} account ${moment(input.when, "en")}: the password alone signs in again.`
            : `New recovery codes were made for your ${appName} account ${moment(input.when, "en")}: the old ones no longer work.`,
          `If this wasn't you, sign in, change your password, then ${disabled ? "turn two-factor sign-in on again" : "make new codes"}:`,
        ],
        action: "See my account",
        after: ["If it was you, there is nothing to do."],
        signature,
      };
    }
    case "recoveryCodeUsed": {
      const left = input.recoveryCodesLeft;
      return {
        subject: `A recovery code was used to sign in to your ${appName} account`,
        greeting,
        lines: [
          `A recovery code was used to sign in to your ${appName} account ${moment(input.when, "en")}: it will not work again. ${left === 0 ? "You have no recovery codes left." : `You have ${left} left.`}`,
          "If this wasn't you, someone knows your password and your recovery codes: change your password and make new codes right away:",
        ],
        action: "See my account",
        after: ["If it was you, make new codes before they run out."],
        signature,
      };
    }
    case "totpFailures":
      return {
        subject: `Wrong two-factor codes were entered on your ${appName} account`,
        greeting,
        lines: [
          `${input.failures} wrong two-factor codes were entered on your ${appName} account, the last ${moment(input.when, "en")}: whoever entered them knows your password. Further codes are refused for a while.`,
          "If this wasn't you, change your password right away:",
        ],
        action: "Choose a new password",
        after: ["If it was you, check your phone's clock. A new password also ends the wait."],
        signature,
      };
  }
}
