import { msg } from "@lingui/core/macro";
import type PocketBase from "pocketbase";
import { isClientResponseError } from "#src/auth/sdk-error.ts";

/**
 * What the superuser dashboard's API calls (one file per endpoint family, beside this one) share:
 * the messages of a failure, the collections they call, and the reading of a 404.
 */

export const loadFailed = msg`Could not load the data.`;
export const saveFailed = msg`Could not save the changes.`;
export const actionFailed = msg`The action failed.`;

export const superusersCollection = "_superusers";
export const superusers = (pb: PocketBase) => pb.collection(superusersCollection);
export const users = (pb: PocketBase) => pb.collection("users");

export type Page<T> = { items: T[]; page: number; perPage: number; totalItems: number; totalPages: number };

export const hourMs = 3_600_000;

/** A moment as PocketBase writes datetimes (`2026-11-24 23:15:00.123Z`), for a filter. */
export function pocketBaseDateTime(date: Date): string {
  return date.toISOString().replace("T", " ");
}

/** A 404 (a collection or endpoint this server has and a real PocketBase may not) as `null`. */
export async function unlessMissing<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (isClientResponseError(error) && error.status === 404) return null;
    throw error;
  }
}
