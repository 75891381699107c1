import { execFileSync } from "node:child_process";
import PocketBase from "pocketbase";
import { dataDir, logIn, makeAdmin, signUp, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

// Each test signs up new visitors; bcrypt makes that seconds long on a 2-core machine.
test.describe.configure({ timeout: 120_000 });

/** The operator's side: a superuser client, as the dashboard uses. */
async function superuser(baseURL: string) {
  const email = `ops.${Date.now().toString(36)}@example.com`;
  execFileSync("node", ["server/cli.ts", "superuser", "upsert", email, "superuser-secret-1"], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  const pb = new PocketBase(baseURL);
  await pb.collection("_superusers").authWithPassword(email, "superuser-secret-1");
  return pb;
}

/** The money arrived outside Stripe (manual mode): the operator records it as paid for a month. */
async function recordPayment(baseURL: string, email: string) {
  const pb = await superuser(baseURL);
  const user = await pb.collection("users").getFirstListItem(pb.filter("email = {:email}", { email }));
  const until = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await pb.send("/api/billing/mark-paid", {
    method: "POST",
    body: { user: user.id, until, interval: "month" },
  });
}

for (const fr of [false, true]) {
  const at = (path: string) => (fr ? `/fr${path}` : path);
  const words = fr
    ? {
        account: "Votre compte",
        awaiting: "Paiement attendu",
        paid: "Payant",
        login: "Se connecter",
        notice:
          "La page d’administration est réservée aux administrateurs\u00a0: vous voici donc sur votre compte.",
        unavailable: "Votre compte est indisponible",
        field: "E-mail ou nom",
        search: "Rechercher",
        results: "Résultats de recherche",
        one: "1 utilisateur correspond",
        none: "Aucun utilisateur ne correspond",
        plans: "Utilisateurs par statut de facturation",
        awaitingBar: /^Paiement attendu\s?: Utilisateurs \d+$/,
      }
    : {
        account: "Your account",
        awaiting: "Awaiting payment",
        paid: "Paid",
        login: "Log in",
        notice: "The administration page is for administrators only, so you are on your account instead.",
        unavailable: "Your account is unavailable",
        field: "Email or name",
        search: "Search",
        results: "Search results",
        one: "1 user matches",
        none: "No user matches",
        plans: "Users by billing status",
        awaitingBar: /^Awaiting payment: Users \d+$/,
      };
  const lang = fr ? "French" : "English";

  test(`${lang}: a signed-in visitor never gets the login or sign-up form, directly or with Back`, async ({
    page,
  }) => {
    const email = uniqueEmail("signedin");
    await signUp(page, { name: "Sam Signedin", email, fr });
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));

    // Back after signing up: the account instead of an empty sign-up form.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
    await expect(page.getByRole("heading", { level: 1, name: words.account })).toBeVisible();

    // Opening the forms directly.
    for (const path of ["/login", "/signup"]) {
      await page.goto(at(path));
      await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
      await expect(page.getByRole("heading", { level: 1, name: words.account })).toBeVisible();
    }
    // Where the login link was taking them, when it stays on the site.
    await page.goto(`${at("/login")}?redirect=${encodeURIComponent(at("/verify-email"))}`);
    await expect(page).toHaveURL(new RegExp(`${at("/verify-email")}$`));
    await page.goto(`${at("/login")}?redirect=${encodeURIComponent("//evil.example/")}`);
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${at("/account")}$`));

    // Back after logging in goes to the page before the login form. The cookies are cleared on a
    // page without scripts, so no session check of the account page can write them back.
    await page.goto(at("/roadmap"));
    await page.context().clearCookies();
    await page.goto(at("/login"));
    await logIn(page, email, undefined, fr);
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${at("/roadmap")}$`));
    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: words.account })).toBeVisible();
    await expect(page.getByRole("button", { name: words.login, exact: true })).toHaveCount(0);
  });

  test(`${lang}: a paid plan awaiting payment says so in the header and on the account page, then paid`, async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("payer");
    await signUp(page, { name: "Pat Payer", email, plan: "monthly", fr });
    // No Stripe on this server: the paid plan lands on the account page with the instructions.
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
    const header = page.getByRole("banner");
    // The menu's button carries the badge (the closed menu repeats it, hidden).
    await expect(header.getByText(words.awaiting, { exact: true }).first()).toBeVisible();
    await expect(page.locator("main").getByText(words.awaiting, { exact: true })).toBeVisible();

    // The payment arrives: the operator records it (in Stripe mode, the webhook would).
    await recordPayment(baseURL!, email);
    await page.reload();
    await expect(page.locator("main").getByText(words.paid, { exact: true })).toBeVisible();
    await expect(header.getByText(words.paid, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(words.awaiting, { exact: true })).toHaveCount(0);
  });

  test(`${lang}: admin search matches part of an email or name in any case, and the page explains refusals and outages`, async ({
    page,
    baseURL,
  }) => {
    const token = `zq${Math.random().toString(36).slice(2, 7)}`;
    const admin = uniqueEmail(`admin${token}`);
    await signUp(page, { name: `Ada ${token.toUpperCase()} Admin`, email: admin, plan: "yearly", fr });
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));

    // Not an admin yet: sent to the account page, which says why.
    await page.goto(at("/admin"));
    await expect(page).toHaveURL(new RegExp(`${at("/account")}$`));
    await expect(page.getByText(words.notice)).toBeVisible();
    // Said once: a reload does not repeat it.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: words.account })).toBeVisible();
    await expect(page.getByText(words.notice)).toHaveCount(0);

    await makeAdmin(baseURL!, admin);
    await page.goto(at("/admin"));
    // The plan chart counts the paid plans awaiting payment apart (this admin's is one of them).
    const plans = page.getByRole("group", { name: words.plans });
    await expect(plans.getByRole("img", { name: words.awaitingBar })).toHaveCount(1);

    // Part of the name, in other capitals; then part of the email. Only this test's user matches.
    const field = page.getByLabel(words.field, { exact: true });
    const results = page.getByRole("status", { name: words.results });
    await field.fill(token.toUpperCase());
    await page.getByRole("button", { name: words.search }).click();
    await expect(results).toContainText(words.one);
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText(admin);
    await expect(results).toContainText(words.awaiting);

    await field.fill(admin.slice(0, admin.indexOf("@") - 2).toUpperCase());
    await page.getByRole("button", { name: words.search }).click();
    await expect(results).toContainText(admin);

    await field.fill(`${token}-nobody`);
    await page.getByRole("button", { name: words.search }).click();
    await expect(results).toContainText(words.none);

    // The API is down: the admin page says the account service is unavailable, and stays.
    await page.route("**/api/**", (route) => route.abort("connectionrefused"));
    await page.goto(at("/admin"));
    await expect(page.getByRole("heading", { level: 1, name: words.unavailable })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${at("/admin")}$`));
  });
}

test("two users whose names share a part are both listed, with their count", async ({ page, baseURL }) => {
  const token = `zq${Math.random().toString(36).slice(2, 7)}`;
  const admin = uniqueEmail("searcher");
  await signUp(page, { name: `Ana ${token} Lopez`, email: admin });
  await expect(page).toHaveURL(/\/verify-email$/);
  const pb = await superuser(baseURL!);
  const other = uniqueEmail("other");
  await pb.collection("users").create({
    email: other,
    name: `Ben ${token.toUpperCase()}`,
    password: "correct horse 1",
    passwordConfirm: "correct horse 1",
    plan: "free",
    // As the sign-up form records it: admins see the address.
    emailVisibility: true,
    affiliate_code: `AFF-${token.toUpperCase().slice(0, 8).padEnd(8, "0")}`,
  });
  await makeAdmin(baseURL!, admin);
  await page.goto("/admin");
  await page.getByLabel("Email or name", { exact: true }).fill(token);
  await page.getByRole("button", { name: "Search" }).click();
  const results = page.getByRole("status", { name: "Search results" });
  await expect(results).toContainText("2 users match");
  await expect(results.getByRole("listitem")).toHaveCount(2);
  await expect(results).toContainText(admin);
  await expect(results).toContainText(other);
});
