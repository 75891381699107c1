/// <reference path="../pb_data/types.d.ts" />

// Who last edited a note on a user (pb_schema.json): the `editor` field of `user_notes`, beside its
// `author`. Repeats the import of pocketbase/pb_schema.json, which is idempotent.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: nothing to undo automatically (dropping the field would drop who edited each note).
  },
);
