/// <reference path="../pb_data/types.d.ts" />

// A new account is complete in the transaction that creates it, as on this repo's server
// (server/core/stremio-account.ts): the user's `stremio` record holds the generated Stremio
// username and password (the one copy of that secret, readable by its owner only), the user's
// `stremio_username` names it, and a visitor's own sign-up is sent the verification email once
// committed. The record streams on the trial once the address is verified. Needs PocketBase v0.23
// or later (its JS hooks API).

// Every users create, through the API or not: the username before the insert, the Stremio record
// after it, both in one transaction.
onRecordCreate((e) => {
  const account = require(`${__hooks}/stremio-account.js`);
  const username = account.stremioUsername(e.record.getString("email"));
  e.record.set("stremio_username", username);
  account.withinSave(e, (txApp) => {
    const stremio = new Record(txApp.findCollectionByNameOrId("stremio"));
    stremio.set("user", e.record.id);
    stremio.set("email", username);
    stremio.set("password", account.stremioPassword());
    // Streaming on the trial waits for a verified address (docs/decisions/045-one-trial-per-person.md).
    stremio.set("field", account.trialStreams(e.record, new Date()) ? "active" : "inactive");
    txApp.save(stremio);
  });
}, "users");

// A visitor's own sign-up, once saved: the verification email (an operator's new account gets the
// password link the dashboard sends instead). A failure to send is logged, never the sign-up's.
onRecordCreateRequest((e) => {
  e.next();
  if (e.hasSuperuserAuth() || e.record.verified()) return;
  try {
    $mails.sendRecordVerification(e.app, e.record);
  } catch (err) {
    e.app.logger().error("Sending the verification email after a sign-up failed", "error", String(err));
  }
}, "users");

// The address confirmed by the emailed link: a trial still running starts streaming.
onRecordConfirmVerificationRequest((e) => {
  e.next();
  const account = require(`${__hooks}/stremio-account.js`);
  if (!account.trialStreams(e.record, new Date())) return;
  const records = e.app.findRecordsByFilter("stremio", "user = {:id}", "", 1, 0, { id: e.record.id });
  for (const stremio of records) {
    if (stremio.getString("field") === "active") continue;
    stremio.set("field", "active");
    e.app.save(stremio);
  }
}, "users");

// New credentials on a Stremio record (the account page makes them): the user's
// `stremio_username` follows, in the same transaction.
onRecordCreate((e) => {
  const account = require(`${__hooks}/stremio-account.js`);
  account.withinSave(e, (txApp) => {
    account.nameOnUser(txApp, e.record.getString("user"), e.record.getString("email"));
  });
}, "stremio");

onRecordUpdate((e) => {
  const account = require(`${__hooks}/stremio-account.js`);
  if (e.record.original().getString("email") === e.record.getString("email")) return e.next();
  account.withinSave(e, (txApp) => {
    account.nameOnUser(txApp, e.record.getString("user"), e.record.getString("email"));
  });
}, "stremio");
