import { isIP } from "node:net";
import {
  type AuthenticationResponseJSON,
  type WebAuthnCredential,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { Hono, type MiddlewareHandler } from "hono";
import {
  passkeyChallengeSeconds,
  passkeyCollections,
  passkeyLimitMessage,
  passkeyNameMaxLength,
  passkeysPerRecord,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
} from "#shared/passkeys.ts";
import { newRecordToken } from "../core/auth.ts";
import {
  credentialExists,
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  markPasskeyUsed,
  PasskeyChallenges,
  passkeyInfo,
  passkeysOf,
  registrationPurpose,
  signInPurpose,
} from "../core/passkeys.ts";
import { nowDateTime } from "../core/values.ts";
import { fieldErrors, runeLength } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import {
  type ApiContext,
  type ApiEnv,
  authOf,
  isSuperuser,
  readBody,
  routeCollection,
  sendJson,
} from "./context.ts";
import {
  allowSecondFactorEnrolment,
  collectionGuard,
  limitBody,
  requireAuthCollectionIn,
  requireSameCollectionAuth,
  requireVerifiedAndConfirmed,
} from "./middlewares.ts";
import { authResponse, queueSecurityMail, throwIfInvalid } from "./record-auth-helpers.ts";

// Passkeys (WebAuthn): this server's addition to PocketBase's API (docs/api.md, "Passkeys"; the
// shapes in shared/passkeys.ts). A signed-in record adds, lists and removes its own passkeys;
// anyone signs in with one and gets what a password sign-in gives. The relying party is the site
// of APP_URL: its host name is the rp id, its origin the only origin answers may come from.

const addFailed = "Failed to add the passkey.";
const authFailed = "Failed to authenticate.";
const loadFailed = "An error occurred while loading the submitted data.";

/** What a browser may say a credential travels over (anything else is not kept). */
const knownTransports = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

/** The relying party of APP_URL; 400 when its host is an IP address, which WebAuthn refuses. */
function relyingParty(c: ApiContext): { id: string; origin: string } {
  const url = new URL(c.get("ctx").appUrl);
  if (isIP(url.hostname.replace(/^\[|\]$/g, ""))) {
    throw new ApiError(
      400,
      "Passkeys need APP_URL with a domain name, not an IP address (e.g. http://localhost:PORT in development).",
    );
  }
  return { id: url.hostname, origin: url.origin };
}

/** Only the collections of `passkeyCollections` (after `collectionGuard`): 403 for any other. */
const requirePasskeys = requireAuthCollectionIn(
  passkeyCollections,
  "The collection is not configured to allow passkey authentication.",
);

/**
 * The guards of the signed-in record's own passkey routes, counted against `tag`'s rate limit. A
 * superuser who holds no second factor yet may add a passkey with a password sign-in's token.
 */
const ownPasskeys = (tag: string) =>
  [collectionGuard([tag]), requirePasskeys, allowSecondFactorEnrolment, requireSameCollectionAuth] as const;

/**
 * The guards of adding a passkey (both steps) or removing one (`tag`): one's own, on an account
 * whose address is verified, with a recent proof of identity.
 */
const changingPasskeys = (tag: string) => [...ownPasskeys(tag), requireVerifiedAndConfirmed] as const;

/** A sign-in's rate limit: `authWithPasskey`, then `auth` (each route in a window of its own). */
const signInLimit = collectionGuard(["authWithPasskey", "auth"]);

/**
 * The login page's own request for the passkeys in the email field's suggestions, sent as the page
 * loads (`…/auth-with-passkey/options?autofill=true`): `authWithPasskeyAutofill`, then `auth`, in
 * a window of its own, so that loading the page never spends what "Log in with a passkey" needs.
 */
const autofillLimit = collectionGuard(["authWithPasskeyAutofill", "auth"]);

/** The guards of the two sign-in routes, counted against the sign-in rate limits. */
const signInGuards = [signInLimit, requirePasskeys] as const;

/** The sign-in options' rate limit: the autofill's (`?autofill=true`) or a sign-in's. */
const signInOptionsLimit: MiddlewareHandler<ApiEnv> = (c, next) =>
  (c.req.query("autofill") === "true" ? autofillLimit : signInLimit)(c, next);

/** The signed-in record (after `requireSameCollectionAuth`): its own passkeys only. */
function owner(c: ApiContext): { collectionId: string; recordId: string } {
  const auth = authOf(c)!;
  return { collectionId: auth.collection.id, recordId: String(auth.record.id) };
}

/** The body of an answer to a challenge: `challengeId`, the browser's `response`, and `name` if asked. */
async function readAnswer(c: ApiContext) {
  const body = await readBody(c);
  if (!body.ok) throw new ApiError(400, loadFailed);
  const { challengeId, response, name } = body.value;
  if (
    (challengeId !== undefined && typeof challengeId !== "string") ||
    (name !== undefined && typeof name !== "string")
  ) {
    throw new ApiError(400, loadFailed);
  }
  return {
    challengeId: challengeId ?? "",
    name: name ?? "",
    response: response && typeof response === "object" && !Array.isArray(response) ? response : undefined,
  };
}

/** 400 when the record already holds as many passkeys as it may. */
function refuseIfFull(held: number): void {
  if (held >= passkeysPerRecord) throw new ApiError(400, passkeyLimitMessage);
}

/** `/api/collections/{collection}/passkeys…` and `…/auth-with-passkey…`. */
export function passkeysApi() {
  const challenges = new PasskeyChallenges();
  return new Hono<ApiEnv>()
    .get("/collections/:collection/passkeys", ...ownPasskeys("listPasskeys"), (c) => {
      const { collectionId, recordId } = owner(c);
      const items = passkeysOf(c.get("ctx").store, collectionId, recordId).map(passkeyInfo);
      return sendJson(c, 200, { items });
    })
    .post(
      "/collections/:collection/passkeys/registration-options",
      limitBody,
      ...changingPasskeys("addPasskey"),
      async (c) => {
        const rp = relyingParty(c);
        const { store, appName } = c.get("ctx");
        const { record } = authOf(c)!;
        const { collectionId, recordId } = owner(c);
        const existing = passkeysOf(store, collectionId, recordId);
        refuseIfFull(existing.length);
        const email = String(record.email);
        const name = typeof record.name === "string" && record.name.trim() ? record.name : email;
        const options = await generateRegistrationOptions({
          rpName: appName,
          rpID: rp.id,
          userID: new TextEncoder().encode(recordId),
          userName: email,
          userDisplayName: name,
          timeout: passkeyChallengeSeconds * 1000,
          attestationType: "none",
          excludeCredentials: existing.map((passkey) => ({
            id: passkey.credentialId,
            transports: passkey.transports,
          })),
          authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
        });
        const challengeId = challenges.issue(options.challenge, registrationPurpose(collectionId, recordId));
        return sendJson(c, 200, { challengeId, options } satisfies PasskeyRegistrationOptions);
      },
    )
    .post("/collections/:collection/passkeys", limitBody, ...changingPasskeys("addPasskey"), async (c) => {
      const rp = relyingParty(c);
      const { store } = c.get("ctx");
      const { collectionId, recordId } = owner(c);
      const answer = await readAnswer(c);
      // Taken first: a challenge answers once, whatever the outcome.
      const challenge = challenges.take(answer.challengeId, registrationPurpose(collectionId, recordId));
      const name = answer.name.trim();
      if (name === "") throwIfInvalid({ name: fieldErrors.required() });
      if (runeLength(name) > passkeyNameMaxLength) {
        throwIfInvalid({ name: fieldErrors.length(1, passkeyNameMaxLength) });
      }
      if (!challenge || !answer.response) throw new ApiError(400, addFailed);
      refuseIfFull(passkeysOf(store, collectionId, recordId).length);
      let credential;
      try {
        const verification = await verifyRegistrationResponse({
          response: answer.response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
        if (!verification.verified) throw new Error("not verified");
        credential = verification.registrationInfo.credential;
      } catch {
        throw new ApiError(400, addFailed);
      }
      if (credentialExists(store, credential.id)) {
        throw new ApiError(400, addFailed, { response: fieldErrors.notUnique() });
      }
      const passkey = insertPasskey(store, {
        collectionRef: collectionId,
        recordRef: recordId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: (credential.transports ?? []).filter((t) => knownTransports.has(t)),
        name,
      });
      queueSecurityMail(c, authOf(c)!.record, {
        kind: "passkeyAdded",
        passkeyName: passkey.name,
        when: passkey.created,
        superuser: isSuperuser(c),
      });
      return sendJson(c, 200, passkeyInfo(passkey));
    })
    .delete("/collections/:collection/passkeys/:id", limitBody, ...changingPasskeys("deletePasskey"), (c) => {
      const { store } = c.get("ctx");
      const { collectionId, recordId } = owner(c);
      const passkey = deletePasskey(store, collectionId, recordId, c.req.param("id"));
      if (!passkey) throw new ApiError(404);
      queueSecurityMail(c, authOf(c)!.record, {
        kind: "passkeyRemoved",
        passkeyName: passkey.name,
        when: nowDateTime(),
        superuser: isSuperuser(c),
      });
      return c.body(null, 204);
    })
    .post(
      "/collections/:collection/auth-with-passkey/options",
      limitBody,
      signInOptionsLimit,
      requirePasskeys,
      async (c) => {
        const rp = relyingParty(c);
        const collection = routeCollection(c);
        const options = await generateAuthenticationOptions({
          rpID: rp.id,
          allowCredentials: [],
          timeout: passkeyChallengeSeconds * 1000,
          userVerification: "preferred",
        });
        const challengeId = challenges.issue(options.challenge, signInPurpose(collection.id));
        return sendJson(c, 200, { challengeId, options } satisfies PasskeySignInOptions);
      },
    )
    .post("/collections/:collection/auth-with-passkey", limitBody, ...signInGuards, async (c) => {
      const rp = relyingParty(c);
      const { store } = c.get("ctx");
      const collection = routeCollection(c);
      const answer = await readAnswer(c);
      c.set("context", "passkey");
      const challenge = challenges.take(answer.challengeId, signInPurpose(collection.id));
      const response = answer.response as AuthenticationResponseJSON | undefined;
      const credentialId = typeof response?.id === "string" ? response.id : "";
      const passkey = credentialId ? findPasskeyByCredential(store, collection.id, credentialId) : undefined;
      const record = passkey && store.findById(collection, passkey.recordRef);
      if (!challenge || !response || !passkey || !record) throw new ApiError(400, authFailed);
      // A discoverable credential names its user: it must be the passkey's owner.
      const userHandle = response.response?.userHandle;
      if (userHandle && userHandle !== Buffer.from(passkey.recordRef).toString("base64url")) {
        throw new ApiError(400, authFailed);
      }
      let counter;
      try {
        // Refuses a counter that did not grow while either is above zero: a cloned authenticator.
        const verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: Buffer.from(passkey.publicKey, "base64url"),
            counter: passkey.counter,
            transports: passkey.transports as WebAuthnCredential["transports"],
          },
          requireUserVerification: false,
        });
        if (!verification.verified) throw new Error("not verified");
        counter = verification.authenticationInfo.newCounter;
      } catch {
        throw new ApiError(400, authFailed);
      }
      if (!markPasskeyUsed(store, passkey.id, counter)) throw new ApiError(400, authFailed);
      const auth = { collection, record };
      // A passkey is a second factor on its own (held, and unlocked by the device): `mfa`.
      return authResponse(c, auth, newRecordToken(store, collection, record, "auth", { mfa: true }));
    });
}
