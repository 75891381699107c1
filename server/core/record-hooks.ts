import { superusersCollectionName } from "./schema.ts";
import { afterSaveUser, beforeSaveStremio, beforeSaveUser, type SaveEvent } from "./billing/state.ts";
import {
  afterSuperuserSavesUser,
  beforeDeleteUserChange,
  beforeSaveUserChange,
  beforeSaveUserNote,
  userChangesCollection,
  userNotesCollection,
} from "./user-audit.ts";
import { afterSaveStremio, afterSaveUserStremio, beforeSaveUserStremio } from "./stremio-account.ts";

// What the server does around a record save made through the records API, per collection (the
// part PocketBase leaves to an app's hooks): a new account's Stremio record and verification email
// (stremio-account.ts), billing's, for users and Stremio records, and the operators' record of a
// user (user-audit.ts).

export type { SaveEvent };

export type RecordHooks = {
  /** May change `event.data`; returns field errors to refuse the save. */
  beforeSave?: (event: SaveEvent) => Record<string, { code: string; message: string }> | void;
  /** After the write, in the same transaction. */
  afterSave?: (event: SaveEvent) => void;
  /** Returns why a record may not be deleted through the records API, to refuse it. */
  beforeDelete?: () => string | void;
};

const hooks: Record<string, RecordHooks> = {
  users: {
    beforeSave: (event) => {
      beforeSaveUserStremio(event);
      return beforeSaveUser(event);
    },
    afterSave: (event) => {
      afterSaveUser(event);
      afterSaveUserStremio(event);
      afterSuperuserSavesUser(event);
    },
  },
  stremio: { beforeSave: beforeSaveStremio, afterSave: afterSaveStremio },
  [userChangesCollection]: { beforeSave: beforeSaveUserChange, beforeDelete: beforeDeleteUserChange },
  [userNotesCollection]: { beforeSave: beforeSaveUserNote },
  // As PocketBase: a superuser is always verified, whatever the request says.
  [superusersCollectionName]: {
    beforeSave: (event) => {
      event.data.verified = true;
    },
  },
};

/** The hooks of a collection (none for most). */
export function recordHooksOf(collectionName: string): RecordHooks {
  return hooks[collectionName] ?? {};
}
