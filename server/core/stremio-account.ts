import { generateStremioPassword, generateStremioUsername } from "#shared/credentials.ts";
import { siteConfig } from "#shared/site-config.ts";
import { stremioOf, type SaveEvent, viewOf } from "./billing/state.ts";
import { sql } from "#server/tools/sql.ts";
import type { Collection } from "./collection-types.ts";
import { autogenerate, newRecordData } from "./records.ts";
import type { RecordData, Store } from "./store.ts";
import { formatDateTime } from "./values.ts";

// A new account is complete in the transaction that creates it: the user's `stremio` record holds
// the generated Stremio username (`email`) and password, the one copy of that secret, readable by
// its owner only (the collection's rules); the user's `stremio_username` names the account and
// follows the record. A visitor's sign-up also queues the verification email once committed.
// pocketbase/pb_hooks/ does the same on a real PocketBase.

const stremioCollectionName = "stremio";

/** Before a user is stored: a new one gets its Stremio username, whatever the request sent. */
export function beforeSaveUserStremio(event: SaveEvent) {
  if (event.original) return;
  event.data.stremio_username = generateStremioUsername(String(event.data.email), siteConfig.stremioDomain);
}

/**
 * After a user is stored, in the same transaction: a new one gets its Stremio record (the
 * entitlement in `field`); a visitor's own sign-up, unverified, the verification email.
 */
export function afterSaveUserStremio(event: SaveEvent) {
  const { store, data, original, superuser, now } = event;
  if (original) return;
  const stremio = store.findCollection(stremioCollectionName);
  if (!stremio) return;
  insertStremio(store, stremio, data, String(data.stremio_username), generateStremioPassword(), now);
  // An operator's new account gets a password link instead (the dashboard asks for it).
  if (!superuser && data.verified !== true) event.sendVerification();
}

/** After a Stremio record is stored: its user's `stremio_username` follows a new username. */
export function afterSaveStremio(event: SaveEvent) {
  const { store, data, original, now } = event;
  if (original && original.email === data.email) return;
  const users = store.findCollection("users");
  const user = users && store.findById(users, String(data.user));
  if (!users || !user || user.stremio_username === data.email) return;
  store.update(users, String(user.id), { stremio_username: data.email, updated: formatDateTime(now) });
}

function insertStremio(
  store: Store,
  stremio: Collection,
  user: RecordData,
  username: string,
  password: string,
  now: Date,
) {
  const id = String(user.id);
  const stamp = formatDateTime(now);
  const record = {
    ...newRecordData(stremio),
    user: id,
    email: username,
    password,
    field: viewOf(store, user, now).mayStream ? "active" : "inactive",
    created: stamp,
    updated: stamp,
  };
  autogenerate(stremio, record);
  store.insert(stremio, record);
}

/**
 * A database from before the secret was kept once: each user's `stremio_password` moves onto their
 * Stremio record (made if missing; a record with its own password keeps it, being written last),
 * `stremio_username` follows the record, and the user field goes. Run as the schema is applied at
 * start; a no-op once done.
 */
export function keepStremioSecretOnce(store: Store, now = new Date()) {
  const users = store.findCollection("users");
  const stremio = store.findCollection(stremioCollectionName);
  if (!users || !stremio || !users.fields.some((f) => f.name === "stremio_password")) return;
  store.transaction(() => {
    for (const user of store.find(users, { where: sql`"r"."stremio_password" != ''` })) {
      const id = String(user.id);
      const username = String(
        user.stremio_username || generateStremioUsername(String(user.email), siteConfig.stremioDomain),
      );
      const record = stremioOf(store, stremio, id);
      if (!record) insertStremio(store, stremio, user, username, String(user.stremio_password), now);
      else if (record.password === "") {
        store.update(stremio, String(record.id), {
          email: record.email || username,
          password: user.stremio_password,
          updated: formatDateTime(now),
        });
      }
      const named = record?.email || username;
      if (user.stremio_username !== named) store.update(users, id, { stremio_username: named });
    }
    store.removeField(users, "stremio_password");
  });
}
