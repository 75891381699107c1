/// <reference path="../pb_data/types.d.ts" />

// The dashboard's notes on a user and the record of what superusers changed on a user
// (pb_schema.json): `user_notes` and `user_changes`, superusers only (every rule null), each gone
// with its user. Repeats the import of pocketbase/pb_schema.json, which is idempotent.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: nothing to undo automatically (dropping the collections would drop the notes).
  },
);
