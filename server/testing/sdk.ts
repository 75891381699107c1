import { ClientResponseError } from "pocketbase";
import { expect } from "vitest";

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
