// What the session cookie is called and holds, in a module without the SDK or messages, so that
// scripts run by Node (the site benchmark) can read it too.

/** The session cookie: the SDK's own cookie export, trimmed by it over 4096 bytes. */
export const authCookieName = "pb_auth";

/**
 * The only fields of the user the session cookie keeps: what a page needs to draw its header
 * before the session is checked. Never a secret (the Stremio password, tokens): the cookie is sent
 * with every page request and readable by the page's scripts. The rest of the record comes from
 * the API (the auth refresh every page load makes) and stays in memory.
 */
export const sessionCookieFields = [
  "id",
  "collectionId",
  "collectionName",
  "email",
  "name",
  "verified",
  "plan",
  "admin",
];
