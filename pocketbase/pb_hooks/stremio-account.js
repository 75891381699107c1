// What the hooks of stremio-account.pb.js share (PocketBase runs each handler in its own runtime,
// so a handler loads this module with `require`). It does on a real PocketBase what
// server/core/stremio-account.ts does on this repo's server.

/** Random characters from `alphabet`, from PocketBase's cryptographic source. */
function randomChars(length, alphabet) {
  return $security.randomStringWithAlphabet(length, alphabet);
}

/**
 * The lowercased alphanumerics of the email's local part (or `user`), `_`, 4 random characters,
 * `@lumen.stream` (shared/credentials.ts and shared/site-config.ts hold the same rule).
 */
function stremioUsername(email) {
  const base =
    String(email)
      .split("@")[0]
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "") || "user";
  return base + "_" + randomChars(4, "abcdefghijklmnopqrstuvwxyz0123456789") + "@lumen.stream";
}

/** 16 random characters from letters, digits and !@#$%^&*. */
function stremioPassword() {
  return randomChars(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*");
}

/**
 * Runs `work(txApp)` in a transaction with the event's own save (`e.next()`) first, so that a
 * failure of either undoes both: the event's app is the transaction's while it runs.
 */
function withinSave(e, work) {
  const original = e.app;
  e.app.runInTransaction((txApp) => {
    e.app = txApp;
    try {
      e.next();
      work(txApp);
    } finally {
      e.app = original;
    }
  });
}

/** The user's `stremio_username` set to `username` (no write when it already is). */
function nameOnUser(app, userId, username) {
  const user = app.findRecordById("users", userId);
  if (user.getString("stremio_username") === username) return;
  user.set("stremio_username", username);
  app.saveNoValidate(user);
}

/**
 * Whether the user may stream on the free trial: the address is verified and the trial runs (the
 * rule of shared/billing.ts for an account without a subscription; a real PocketBase has no paid
 * plan of its own, so that is the only way in here).
 */
function trialStreams(user, now) {
  const ends = user.getString("trial_ends");
  return user.verified() && ends !== "" && new Date(ends.replace(" ", "T")).getTime() > now.getTime();
}

module.exports = { stremioUsername, stremioPassword, withinSave, nameOnUser, trialStreams };
