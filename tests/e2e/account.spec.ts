import PocketBase from "pocketbase";
import { authStates } from "#src/auth/auth-fixtures.ts";
import { linkPath, logIn, mailTo, makeAdmin, password, signUp, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

/** The session requests, whatever query the client adds (the subscription it expands). */
const authRefresh = /\/api\/collections\/users\/auth-refresh(\?|$)/;

/** The email's local part, lowercased alphanumerics, `_`, 4 random characters, the domain. */
function stremioUsername(email: string) {
  const local = email
    .split("@")[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  return new RegExp(`^${local}_[a-z0-9]{4}@lumen\\.stream$`);
}

// Each account test signs up a new visitor; bcrypt makes them seconds long on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

test("the whole journey in English: sign-up, verification, profile, password, Stremio credentials, logout, login", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = uniqueEmail("camille");
  await signUp(page, { name: "Camille Martin", email });

  // Signed in straight away, waiting for the verification link (the Unverified state).
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Verify your email" })).toBeVisible();

  const mail = await mailTo(email, "/verify-email");
  expect(mail.subject).toMatch(/Verify your Lumen email/);
  await page.goto(linkPath(mail));
  await expect(page.getByRole("heading", { level: 1, name: "Your email address is verified" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Verify your email" })).toHaveCount(0);

  await page.getByRole("link", { name: "Continue to my account" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText("Free trial", { exact: true })).toBeVisible();
  await expect(page.getByText(/^AFF-[A-Z0-9]{8}$/)).toBeVisible();

  // Stremio credentials were generated at sign-up: shown, masked, copied, regenerated.
  const username = page.locator("dd code").first();
  await expect(username).toHaveText(stremioUsername(email));
  const first = (await username.textContent()) ?? "";
  await page.getByRole("button", { name: "Copy username" }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  const stremio = page.getByRole("region", { name: "Stremio credentials" });
  await stremio.getByRole("button", { name: "Show password" }).click();
  const secret = (await stremio.locator("dd code").nth(1).textContent()) ?? "";
  expect(secret).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
  await page.getByRole("button", { name: "Regenerate" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Regenerate" }).click();
  await expect(username).not.toHaveText(first);

  // The session cookie, sent with every page and readable by scripts, holds no secret: the Stremio
  // password is read from the API, so it is still there after a reload.
  const cookie = (await context.cookies()).find((c) => c.name === "pb_auth");
  const stored = JSON.parse(decodeURIComponent(cookie!.value)) as { token: string; record: object };
  expect(Object.keys(stored.record).sort()).toEqual(
    [
      "admin",
      "collectionId",
      "collectionName",
      "email",
      "id",
      "name",
      "plan",
      "plan_status",
      "verified",
    ].sort(),
  );
  expect(cookie!.value).not.toContain("stremio");
  await page.reload();
  await stremio.getByRole("button", { name: "Show password" }).click();
  await expect(stremio.locator("dd code").nth(1)).toHaveText(/^[A-Za-z0-9!@#$%^&*]{16}$/);

  // Profile: the name.
  await page.getByLabel("Name", { exact: true }).fill("Camille M.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your profile is saved.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Camille M\./ })).toBeVisible();

  // Password change: the visitor stays signed in, across a reload too. (The account deletion form
  // asks for the current password too: the password form is named.)
  const passwordForm = page.getByRole("form", { name: "Password" });
  await passwordForm.getByLabel("Current password", { exact: true }).fill(password);
  await passwordForm.getByLabel("New password", { exact: true }).fill("a brand new secret");
  await passwordForm.getByLabel("Confirm the new password", { exact: true }).fill("a brand new secret");
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();

  // Logout leads to the login page, which says so; the old password fails and the new one works.
  await page.getByRole("button", { name: "Log out" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("You are logged out.");
  await logIn(page, email, password);
  await expect(page.getByRole("alert")).toContainText("Wrong email or password.");
  await logIn(page, email, "a brand new secret");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("the journey in French: paid yearly plan, verification, credentials", async ({ page }) => {
  const email = uniqueEmail("jeanne");
  await signUp(page, { name: "Jeanne Dupont", email, plan: "yearly", fr: true });
  // This server has no Stripe (manual mode): the paid plan goes on to the payment instructions,
  // emailed and shown on the account page, while the verification email is on its way.
  await expect(page).toHaveURL(/\/fr\/account$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(
    page.getByText("Nous vous avons envoyé les instructions de paiement par e-mail.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Comment payer" })).toBeVisible();
  await expect(
    page.getByText("sur le compte ci-dessous, avec votre référence", { exact: false }),
  ).toBeVisible();
  await expect(page.locator("[data-slot=bank-reference] dd")).toHaveText(email);

  const mail = await mailTo(email, "/fr/verify-email");
  expect(mail.subject).toMatch(/Lumen/);
  expect(mail.text).toContain("Bonjour");
  await page.goto(linkPath(mail));
  await expect(
    page.getByRole("heading", { level: 1, name: "Votre adresse e-mail est vérifiée" }),
  ).toBeVisible();

  await page.goto("/fr/account");
  await expect(page.getByRole("heading", { level: 1, name: "Votre compte" })).toBeVisible();
  // Paid plans wait for payment: the visitor cannot activate one alone.
  await expect(page.getByText("Offre payante, 49,99\u00a0€ TTC par an")).toBeVisible();
  await expect(page.locator("main").getByText("Paiement attendu")).toBeVisible();
  await expect(page.locator("dd code").first()).toHaveText(stremioUsername(email));

  // Logged out from the header's menu: the login page too, which says so.
  await page.getByRole("button", { name: /Jeanne Dupont/ }).click();
  await page.getByRole("menuitem", { name: "Se déconnecter" }).click();
  await expect(page).toHaveURL(/\/fr\/login$/);
  await expect(page.getByRole("status")).toHaveText("Vous êtes déconnecté.");
  await logIn(page, email, password, true);
  await expect(page).toHaveURL(/\/fr\/account$/);
});

test("a wrong password and an unknown email get the same clear message", async ({ page }) => {
  await page.goto("/login");
  await logIn(page, uniqueEmail("nobody"), "whatever-123");
  await expect(page.getByRole("alert")).toContainText("Wrong email or password.");
  await page.goto("/fr/login");
  await logIn(page, uniqueEmail("personne"), "whatever-123", true);
  await expect(page.getByRole("alert")).toContainText("E-mail ou mot de passe incorrect.");
});

test("a duplicate email is refused on its field, in the visitor's language", async ({ page, baseURL }) => {
  const email = uniqueEmail("twice");
  // Someone else's account: with the visitor's own password, sign-up would finish instead (a retry).
  await new PocketBase(baseURL).collection("users").create({
    email,
    password: "someone else's secret",
    passwordConfirm: "someone else's secret",
    name: "First",
    plan: "free",
    price: "0",
  });

  await signUp(page, { name: "Second", email, fr: true });
  const field = page.getByLabel("E-mail", { exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Un compte existe déjà avec cette adresse e-mail.")).toBeVisible();
  await expect(field).toBeFocused();

  // The way forward: the login page, with the address filled in.
  await page.getByRole("link", { name: "Connectez-vous avec cette adresse" }).click();
  await expect(page).toHaveURL(`/fr/login?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
});

test("forged and malformed verification links are refused", async ({ page }) => {
  const forged =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjb2xsZWN0aW9uSWQiOiJfcGJfdXNlcnNfYXV0aF8iLCJlbWFpbCI6ImFAYi5jbyIsImV4cCI6NDEwMjQ0NDgwMCwiaWQiOiJhYmMiLCJ0eXBlIjoidmVyaWZpY2F0aW9uIn0.c2lnbmF0dXJl";
  for (const token of [forged, "not-a-token"]) {
    await page.goto(`/verify-email?token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "This link doesn't work" })).toBeVisible();
  }
  await page.goto(`/fr/verify-email?token=${forged}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ce lien ne fonctionne pas" })).toBeVisible();
});

test("an expired session is signed out at start", async ({ page, context }) => {
  // A token whose exp is in the past: the SDK knows it is invalid and the site starts signed out.
  const expired =
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjb2xsZWN0aW9uSWQiOiJfcGJfdXNlcnNfYXV0aF8iLCJleHAiOjE3MDAwMDAwMDAsImlkIjoiYWJjIiwicmVmcmVzaGFibGUiOnRydWUsInR5cGUiOiJhdXRoIn0.c2lnbmF0dXJl";
  await context.addCookies([
    {
      name: "pb_auth",
      value: encodeURIComponent(JSON.stringify({ token: expired, record: authStates.SignedInTrial.user })),
      url: "http://127.0.0.1",
    },
  ]);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
});

test("a signed-out visit to /account goes to the login page and back", async ({ page }) => {
  const email = uniqueEmail("returning");
  await signUp(page, { name: "Returning Visitor", email });
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.context().clearCookies();

  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  // Unverified: the account page asks for the link again.
  await expect(page.getByText(/Please confirm your email address/)).toBeVisible();
});

test("the admin page admits admins only", async ({ page, baseURL }) => {
  const email = uniqueEmail("member");
  await signUp(page, { name: "Member", email });
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account$/);

  await makeAdmin(baseURL!, email);
  // The session learns about the new role at its next refresh (a page load).
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  await expect(page.getByText(/^Users: \d+/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sign-ups per week" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Users by billing status" })).toBeVisible();
  await page.getByLabel("Email or name", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
});

test("the session check shows a loading state, and an unreachable service is explained and keeps the session", async ({
  page,
}) => {
  const email = uniqueEmail("offline");
  await signUp(page, { name: "Offline Olivia", email });
  await expect(page).toHaveURL(/\/verify-email$/);

  // Loading: the page waits for the session check before it shows the account.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(authRefresh, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/account");
  await expect(page.getByRole("status").filter({ hasText: "Loading your account" }).first()).toBeVisible();
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.unroute(authRefresh);

  await page.route(authRefresh, (route) => route.abort("connectionrefused"));
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Your account is unavailable" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account unavailable" })).toBeVisible();

  await page.unroute(authRefresh);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});

test("a login link that points off-site brings the visitor to their account instead", async ({ page }) => {
  // Eight sign-ins, each a password hash and two account pages: more than one sign-up's time.
  test.slow();
  const email = uniqueEmail("offsite");
  await signUp(page, { name: "Careful Visitor", email });
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.context().clearCookies();

  // Each is what `?redirect=` holds once decoded: a browser or a URL parser reads it as another site.
  const hostile = [
    "/\t/evil.example",
    "//evil.example",
    "/\\evil.example",
    "/.//evil.example/phish",
    "/..//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "javascript:alert(1)",
  ];
  for (const target of hostile) {
    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await logIn(page, email);
    await expect(page, target).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account$/);
    // Already signed in, the login page sends the visitor on at once: to their account here too.
    await page.goto(`/fr/login?redirect=${encodeURIComponent(target)}`);
    await expect(page, target).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/fr\/account$/);
    // The account page refreshes the session (and rewrites the cookie): let it finish first.
    await expect(page.getByRole("heading", { level: 1, name: "Votre compte" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.context().clearCookies();
  }
});
