import type PocketBase from "pocketbase";
import { attempt } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { actionFailed, loadFailed, saveFailed, unlessMissing, type Page } from "./common.ts";

/** Notes on a user and the record of what superusers changed. */

/** A note on a user; `editor` and `updated`: who last edited it and when (`editor` empty if nobody did). */
export type UserNote = {
  id: string;
  user: string;
  text: string;
  author: string;
  created: string;
  editor?: string;
  updated?: string;
};
export type UserChange = {
  id: string;
  field: string;
  old: string;
  new: string;
  author: string;
  created: string;
};
/** How many of the latest changes the user's page shows. */
export const userChangesShown = 50;
export type UserHistory = { notes: UserNote[]; changes: Page<UserChange> };

/**
 * A user's notes (newest first) and latest changes; `null` on a server without these collections
 * (a PocketBase without this server's schema).
 */
export async function loadUserHistory(pb: PocketBase, id: string): Promise<ActionResult<UserHistory | null>> {
  return attempt(async () => {
    const filter = pb.filter("user = {:id}", { id });
    const [notes, changes] = await Promise.all([
      unlessMissing(
        pb.collection("user_notes").getFullList<UserNote>({ filter, sort: "-created,-id", requestKey: null }),
      ),
      unlessMissing(
        pb.collection("user_changes").getList<UserChange>(1, userChangesShown, {
          filter,
          sort: "-created,-id",
          requestKey: null,
        }),
      ),
    ]);
    return notes && changes ? { notes, changes } : null;
  }, loadFailed);
}

/** A note on the user; the server signs it with the superuser's email. */
export async function addUserNote(
  pb: PocketBase,
  user: string,
  text: string,
): Promise<ActionResult<UserNote>> {
  return attempt(
    () => pb.collection("user_notes").create<UserNote>({ user, text: text.trim() }, { requestKey: null }),
    saveFailed,
  );
}

export async function deleteUserNote(pb: PocketBase, id: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.collection("user_notes").delete(id, { requestKey: null });
    return undefined;
  }, actionFailed);
}
