import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * What a logged API request did, in words an operator reads at a glance ("Sign-in failed", "User
 * created"), from its method, path and status; null for the requests that need no words (reads,
 * health checks). Each rule: a method, the path's pattern, and the title when it succeeded
 * (2xx) and when it was refused (4xx or 5xx), or, for a password sign-in, when the password was
 * right and a code from an authenticator app is asked next (PocketBase's MFA 401).
 */
type Rule = {
  method: string;
  path: RegExp;
  done: MessageDescriptor;
  refused: MessageDescriptor;
  codeAsked?: MessageDescriptor;
};

const auth = String.raw`/api/collections/[^/]+`;
const rules: Rule[] = [
  {
    method: "POST",
    path: new RegExp(`^${auth}/auth-with-password$`),
    done: msg`Signed in`,
    refused: msg`Sign-in failed`,
    codeAsked: msg`Password accepted, code asked`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/auth-with-totp$`),
    done: msg`Signed in with a two-factor code`,
    refused: msg`Two-factor code refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/totp$`),
    done: msg`Two-factor sign-in turned on`,
    refused: msg`Turning on two-factor sign-in refused`,
  },
  {
    method: "DELETE",
    path: new RegExp(`^${auth}/totp$`),
    done: msg`Two-factor sign-in turned off`,
    refused: msg`Turning off two-factor sign-in refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/totp/recovery-codes$`),
    done: msg`Recovery codes renewed`,
    refused: msg`Recovery code renewal refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/auth-with-passkey$`),
    done: msg`Signed in with a passkey`,
    refused: msg`Passkey sign-in failed`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/passkeys$`),
    done: msg`Passkey added`,
    refused: msg`Passkey refused`,
  },
  {
    method: "DELETE",
    path: new RegExp(`^${auth}/passkeys/[^/]+$`),
    done: msg`Passkey removed`,
    refused: msg`Passkey removal refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/confirm-identity$`),
    done: msg`Identity confirmed`,
    refused: msg`Identity confirmation refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/auth-refresh$`),
    done: msg`Session renewed`,
    refused: msg`Session renewal refused`,
  },
  {
    method: "POST",
    path: /^\/api\/collections\/users\/records$/,
    done: msg`User created`,
    refused: msg`User creation refused`,
  },
  {
    method: "PATCH",
    path: /^\/api\/collections\/users\/records\/[^/]+$/,
    done: msg`User changed`,
    refused: msg`User change refused`,
  },
  {
    method: "DELETE",
    path: /^\/api\/collections\/users\/records\/[^/]+$/,
    done: msg`User deleted`,
    refused: msg`User deletion refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/request-verification$`),
    done: msg`Verification email asked for`,
    refused: msg`Verification email refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/confirm-verification$`),
    done: msg`Email address confirmed`,
    refused: msg`Email confirmation refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/request-password-reset$`),
    done: msg`Password reset asked for`,
    refused: msg`Password reset refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/confirm-password-reset$`),
    done: msg`Password reset`,
    refused: msg`Password reset refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/request-email-change$`),
    done: msg`Email change asked for`,
    refused: msg`Email change refused`,
  },
  {
    method: "POST",
    path: new RegExp(`^${auth}/confirm-email-change$`),
    done: msg`Email address changed`,
    refused: msg`Email change refused`,
  },
  {
    method: "POST",
    path: /^\/api\/account\/delete$/,
    done: msg`Account deleted by its owner`,
    refused: msg`Account deletion refused`,
  },
  {
    method: "GET",
    path: /^\/api\/account\/export$/,
    done: msg`Data downloaded by its owner`,
    refused: msg`Data download refused`,
  },
  { method: "POST", path: /^\/api\/backups$/, done: msg`Backup made`, refused: msg`Backup refused` },
  {
    method: "POST",
    path: /^\/api\/backups\/[^/]+\/restore$/,
    done: msg`Backup restored`,
    refused: msg`Restore refused`,
  },
  {
    method: "DELETE",
    path: /^\/api\/backups\/[^/]+$/,
    done: msg`Backup deleted`,
    refused: msg`Backup deletion refused`,
  },
];

export function requestTitle(method: unknown, url: unknown, status: unknown): MessageDescriptor | null {
  const path = String(url ?? "").split("?")[0]!;
  const rule = rules.find((candidate) => candidate.method === method && candidate.path.test(path));
  if (!rule) return null;
  const code = Number(status);
  if (code === 401 && rule.codeAsked) return rule.codeAsked;
  return code >= 200 && code < 300 ? rule.done : rule.refused;
}
