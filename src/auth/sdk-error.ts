import type { ClientResponseError } from "pocketbase";

/**
 * Whether an error is the SDK's `ClientResponseError`, told by its shape rather than `instanceof`:
 * the modules that handle errors never load the SDK themselves (it is loaded on demand).
 */
export function isClientResponseError(error: unknown): error is ClientResponseError {
  return (
    error instanceof Error &&
    error.name.startsWith("ClientResponseError") &&
    typeof (error as Partial<ClientResponseError>).status === "number"
  );
}
