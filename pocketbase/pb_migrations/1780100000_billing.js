/// <reference path="../pb_data/types.d.ts" />

// Billing (pb_schema.json): the `subscriptions` collection (one per user, written by the server
// only; the owner and the site's admins may read it), `users.trial_ends`, and the indexes the
// billing sweep reads. Repeats the import of pocketbase/pb_schema.json, which is idempotent.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: nothing to undo automatically (dropping collections would drop billing records).
  },
);
