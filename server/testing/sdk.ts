import PocketBase, { ClientResponseError } from "pocketbase";
import { expect } from "vitest";
import { fixturePassword } from "./fixtures.ts";

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

/**
 * A user signed up on a free trial and signed in with the SDK on the server at `url`, with the
 * Stremio record sign-up gives them (`stremio`) and, on their user record, `fields` over the
 * defaults a sign-up form sends.
 */
export async function signedUpUser(
  url: string,
  email: string,
  fields: Record<string, unknown> = {},
  stremio: { email: string; password: string } = { email: "x", password: "y" },
): Promise<SignedUpUser> {
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection("users").create({
    email,
    password: fixturePassword,
    passwordConfirm: fixturePassword,
    plan: "free",
    price: 0,
    locale: "en",
    name: "Payer",
    ...fields,
  });
  await pb.collection("users").authWithPassword(email, fixturePassword);
  const id = pb.authStore.record!.id;
  await pb.collection("stremio").create({ user: id, ...stremio, field: "active" });
  return { pb, id, email };
}
