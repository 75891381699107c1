/// <reference path="../pb_data/types.d.ts" />

// The Stremio password is kept once, on the user's `stremio` record: each user's own copy
// (`stremio_password`) moves there (a record without one is made; a record with its own password
// keeps it, the site having written it last), the user's `stremio_username` follows the record, and
// the field goes. Does nothing on a users collection without the field.
migrate(
  (app) => {
    const users = app.findCollectionByNameOrId("users");
    if (!users.fields.getByName("stremio_password")) return;
    const stremio = app.findCollectionByNameOrId("stremio");
    const account = require(`${__hooks}/stremio-account.js`);
    for (const user of app.findRecordsByFilter("users", "stremio_password != ''", "", 0, 0)) {
      let username = user.getString("stremio_username") || account.stremioUsername(user.getString("email"));
      let record = app.findRecordsByFilter("stremio", "user = {:id}", "", 1, 0, { id: user.id })[0];
      if (!record) {
        record = new Record(stremio);
        record.set("user", user.id);
        record.set("email", username);
        record.set("password", user.getString("stremio_password"));
        record.set("field", "active");
        app.save(record);
      } else if (record.getString("password") === "") {
        if (record.getString("email") === "") record.set("email", username);
        record.set("password", user.getString("stremio_password"));
        app.save(record);
      }
      username = record.getString("email");
      if (user.getString("stremio_username") !== username) {
        user.set("stremio_username", username);
        app.saveNoValidate(user);
      }
    }
    users.fields.removeByName("stremio_password");
    app.save(users);
  },
  () => {
    // Down: nothing to undo; the values live on the stremio records, where the site reads them.
  },
);
