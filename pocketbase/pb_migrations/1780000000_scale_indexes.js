/// <reference path="../pb_data/types.d.ts" />

// The indexes for a large user base (pb_schema.json, `users`): an exact email index (a filter
// `email = "…"` cannot use the case-insensitive unique one), `created` with `id` for the newest-first
// lists, and `plan`. Repeats the import of pocketbase/pb_schema.json, which is idempotent.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: the indexes stay (they change no data).
  },
);
