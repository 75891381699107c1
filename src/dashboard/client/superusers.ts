import { msg } from "@lingui/core/macro";
import PocketBase, { BaseAuthStore } from "pocketbase";
import { attempt, failure, toActionError } from "#src/auth/action-error.ts";
import { ok, type ActionResult } from "#src/forms/action-result.ts";
import { isClientResponseError } from "#src/auth/sdk-error.ts";
import { mfaIdOf } from "#src/auth/two-factor.ts";
import { actionFailed, loadFailed, saveFailed, superusers, superusersCollection } from "./common.ts";

/** The superusers: the accounts that may open the dashboard. */

export type Superuser = { id: string; email: string; created: string };

export async function listSuperusers(pb: PocketBase): Promise<ActionResult<Superuser[]>> {
  return attempt(
    () => superusers(pb).getFullList<Superuser>({ sort: "created", requestKey: null }),
    loadFailed,
  );
}

export async function addSuperuser(
  pb: PocketBase,
  values: { email: string; password: string },
): Promise<ActionResult<Superuser>> {
  return attempt(
    () =>
      superusers(pb).create<Superuser>({
        email: values.email.trim(),
        password: values.password,
        passwordConfirm: values.password,
      }),
    saveFailed,
  );
}

/**
 * The signed-in superuser's new password. The API lets a superuser set any password without the
 * current one, as PocketBase does; the dashboard asks for it anyway and checks it by signing in
 * with it (throttled like every sign-in) on a client of its own, so that this session stays as it
 * was opened (with a passkey or a code, which a server requiring a second factor needs). Changing
 * the password ends every session of the account, so it then signs in again with the new one:
 * resolves `null` when that needs a code from the authenticator app (sign in again).
 */
export async function changeOwnPassword(
  pb: PocketBase,
  superuser: Superuser,
  values: { oldPassword: string; password: string; passwordConfirm: string },
): Promise<ActionResult<Superuser | null>> {
  try {
    await new PocketBase(pb.baseURL, new BaseAuthStore())
      .collection(superusersCollection)
      .authWithPassword(superuser.email, values.oldPassword);
  } catch (error) {
    // With two-factor sign-in on, the right password answers with the code step instead.
    if (!mfaIdOf(error)) {
      const refused = toActionError(error, saveFailed);
      if (refused.status !== 400) return { success: false, error: refused };
      const wrong = { code: "validation_invalid_old_password", message: "Missing or invalid old password." };
      return {
        success: false,
        error: { ...refused, message: saveFailed, fieldErrors: { oldPassword: wrong } },
      };
    }
  }
  return attempt(async () => {
    await superusers(pb).update(superuser.id, {
      password: values.password,
      passwordConfirm: values.passwordConfirm,
    });
    try {
      const { record } = await superusers(pb).authWithPassword<Superuser>(superuser.email, values.password);
      return record;
    } catch (error) {
      if (mfaIdOf(error)) return null;
      throw error;
    }
  }, saveFailed);
}

/** The server refuses to remove the last superuser; the page says why in its own words. */
const lastSuperuser = "You can't delete the only existing superuser.";

export async function removeSuperuser(pb: PocketBase, id: string): Promise<ActionResult> {
  try {
    await superusers(pb).delete(id);
    return ok(undefined);
  } catch (error) {
    const message = isClientResponseError(error)
      ? (error.response as { message?: string }).message
      : undefined;
    return failure(
      error,
      message === lastSuperuser
        ? msg`The last superuser cannot be removed: add another one first.`
        : actionFailed,
    );
  }
}
