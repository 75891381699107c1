import PocketBase, { ClientResponseError } from "pocketbase";
import { billingView, type Subscription } from "#shared/billing.ts";
import { userVerified } from "../core/billing/state.ts";
import { expect } from "vitest";
import { fixturePassword } from "./fixtures.ts";
import type { TestServer } from "./start-server.ts";

/** The SDK error a request must fail with (the test fails if it succeeds). */
export async function rejection(promise: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientResponseError);
    return error as ClientResponseError;
  }
  throw new Error("expected the request to fail");
}

export type SignedUpUser = { pb: PocketBase; id: string; email: string };

/** What a sign-up form sends for a free trial, with `fields` over its defaults. */
export function signupBody(email: string, fields: Record<string, unknown> = {}) {
  return {
    email,
    password: fixturePassword,
    passwordConfirm: fixturePassword,
    plan: "free",
    price: 0,
    locale: "en",
    name: "Payer",
    ...fields,
  };
}

/**
 * A user signed up on a free trial and signed in with the SDK on the server at `url`, with, on
 * their user record, `fields` over the defaults a sign-up form sends. Sign-up gives them their
 * Stremio record; `stremio` replaces its generated credentials, as the account page does.
 */
export async function signedUpUser(
  url: string,
  email: string,
  fields: Record<string, unknown> = {},
  stremio?: { email: string; password: string },
): Promise<SignedUpUser> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection("users").create(signupBody(email, fields));
  await pb.collection("users").authWithPassword(email, fixturePassword);
  const id = pb.authStore.record!.id;
  if (stremio) {
    const record = await pb.collection("stremio").getFirstListItem(pb.filter("user = {:id}", { id }));
    await pb.collection("stremio").update(record.id, stremio);
  }
  return { pb, id, email };
}

/**
 * `signedUpUser` on `server` with the address verified (written to the store, as following the
 * emailed link would): a trial that streams.
 */
export async function verifiedSignUp(
  server: TestServer,
  email: string,
  fields: Record<string, unknown> = {},
): Promise<SignedUpUser> {
  const user = await signedUpUser(server.url, email, fields);
  verifyAddress(server, user.id);
  return user;
}

/**
 * `verifiedSignUp` with the session's identity confirmed (`confirmIdentity`): what adding or
 * removing a second factor asks of a user.
 */
export async function verifiedUser(
  server: TestServer,
  email: string,
  fields: Record<string, unknown> = {},
): Promise<SignedUpUser> {
  const user = await verifiedSignUp(server, email, fields);
  await confirmIdentity(user.pb);
  return user;
}

/** What following the emailed verification link does to the user `id` of `server`. */
export function verifyAddress(server: TestServer, id: string) {
  const { store } = server.app;
  store.transaction(() => {
    store.update(store.findCollection("users")!, id, { verified: true });
    userVerified(store, id, new Date());
  });
}

/**
 * Confirms it is the signed-in record of `pb` (`POST …/confirm-identity`, by default with the
 * fixture password) and keeps the token it answers, which may add or remove a second factor for a
 * few minutes. Resolves that token.
 */
export async function confirmIdentity(
  pb: PocketBase,
  proof: { password: string } | { code: string } = { password: fixturePassword },
  collection = pb.authStore.record!.collectionName,
): Promise<string> {
  const { token } = await pb.send<{ token: string }>(`/api/collections/${collection}/confirm-identity`, {
    method: "POST",
    body: proof,
  });
  pb.authStore.save(token, pb.authStore.record);
  return token;
}

/**
 * A user's billing as `billingView` reads their stored records now (through a superuser's `root`),
 * their Stremio access, their stored plan and their subscription record.
 */
export async function billingAccess(root: PocketBase, id: string) {
  const user = await root.collection("users").getOne(id);
  const subscription = await root
    .collection("subscriptions")
    .getFirstListItem<Subscription>(root.filter("user = {:id}", { id }))
    .catch(() => null);
  const view = billingView({
    trialEnds: String(user.trial_ends ?? ""),
    verified: user.verified === true,
    subscription,
    now: new Date(),
  });
  const stremio = await root.collection("stremio").getFirstListItem(root.filter("user = {:id}", { id }));
  return { view, field: stremio.field as string, plan: user.plan as string, subscription };
}
