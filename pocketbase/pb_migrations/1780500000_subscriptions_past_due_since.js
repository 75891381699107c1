/// <reference path="../pb_data/types.d.ts" />

// Since when a renewal has failed (pb_schema.json): the `past_due_since` date of `subscriptions`,
// indexed, from which a customer's grace runs. Repeats the import of pocketbase/pb_schema.json,
// which is idempotent.
migrate(
  (app) => {
    const raw = toString($os.readFile(__hooks + "/../pb_schema.json"));
    app.importCollections(JSON.parse(raw), false);
  },
  () => {
    // Down: nothing to undo automatically (dropping the field would lose when each grace started).
  },
);
