/// <reference path="../pb_data/types.d.ts" />

// Imports pocketbase/pb_schema.json (the collections this site needs) into a real PocketBase.
// Copy (or mount) this folder's parent so that pb_schema.json sits beside pb_migrations/, then run
// `./pocketbase serve` (or `./pocketbase migrate up`). The import is idempotent: for a later schema
// change, edit pb_schema.json and add a new migration file that repeats this call.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: nothing to undo automatically (dropping collections would drop user data).
  },
);
