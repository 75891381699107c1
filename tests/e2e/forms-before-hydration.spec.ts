import type { Page, Request } from "@playwright/test";
import PocketBase from "pocketbase";
import { password, uniqueEmail } from "./account-helpers.ts";
import { expect, test } from "./fixtures.ts";

// A password must never reach a URL: the account forms post, a submit pressed before the app has
// hydrated is held and sent once it is ready, and without scripts the page says it needs them.

const secret = "never-in-a-url-42";

/** Every request URL the page makes (documents, scripts, API calls). */
function recordUrls(page: Page) {
  const urls: string[] = [];
  page.on("request", (request: Request) => urls.push(request.url()));
  return urls;
}

/** The password fields of each account form, as a visitor finds them by their label. */
const forms = [
  { path: "/login", fields: ["Password"], notice: /This page needs JavaScript/ },
  { path: "/fr/login", fields: ["Mot de passe"], notice: /Cette page a besoin de JavaScript/ },
  { path: "/signup", fields: ["Password", "Confirm password"], notice: /This page needs JavaScript/ },
  {
    path: "/fr/signup",
    fields: ["Mot de passe", "Confirmez le mot de passe"],
    notice: /Cette page a besoin de JavaScript/,
  },
  { path: "/reset-password?token=x", fields: ["New password"], notice: /This page needs JavaScript/ },
  {
    path: "/fr/reset-password?token=x",
    fields: ["Nouveau mot de passe"],
    notice: /Cette page a besoin de JavaScript/,
  },
  { path: "/confirm-email-change?token=x", fields: ["Password"], notice: /This page needs JavaScript/ },
  {
    path: "/fr/confirm-email-change?token=x",
    fields: ["Mot de passe"],
    notice: /Cette page a besoin de JavaScript/,
  },
];

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, fields, notice } of forms) {
    test(`${path}: Enter sends no password in the URL and the page says it needs JavaScript`, async ({
      page,
    }) => {
      const urls = recordUrls(page);
      await page.goto(path);
      await expect(page.getByText(notice)).toBeVisible();
      for (const label of fields) await page.getByLabel(label, { exact: true }).fill(secret);
      const posted = page.waitForRequest(
        (request) => request.method() === "POST" && request.isNavigationRequest(),
      );
      await page.getByLabel(fields[0]!, { exact: true }).press("Enter");
      expect(new URL((await posted).url()).search).toBe(new URL(path, "http://x").search);
      await page.waitForLoadState("load");
      // The browser posted the form; the server answered with the page again, echoing nothing.
      await expect(page.getByText(notice)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(new URL(path, "http://x").pathname);
      expect(urls.filter((url) => url.includes(secret) || /[?&]password=/.test(url))).toEqual([]);
      expect(await page.content()).not.toContain(secret);
    });
  }
});

test.describe("before the app is ready", () => {
  for (const fr of [false, true]) {
    test(`${fr ? "French" : "English"}: a login sent before hydration is held, then carried out`, async ({
      page,
      baseURL,
    }) => {
      const email = uniqueEmail("early.submit");
      await new PocketBase(baseURL).collection("users").create({
        email,
        password,
        passwordConfirm: password,
        name: "Early Bird",
        plan: "free",
        price: "0",
        emailVisibility: true,
      });
      // The app's scripts arrive only when the test says so, like on a slow phone.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/*.js", async (route) => {
        await released;
        await route.continue();
      });
      const urls = recordUrls(page);
      await page.goto(fr ? "/fr/login" : "/login", { waitUntil: "commit" });
      await page.getByLabel(fr ? "E-mail" : "Email", { exact: true }).fill(email);
      await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).fill(password);
      await page.getByLabel(fr ? "Mot de passe" : "Password", { exact: true }).press("Enter");
      // Held: the page stays, and the button says it is busy.
      const button = page.getByRole("button", { name: fr ? "Se connecter" : "Log in", exact: true });
      await expect(button).toHaveAttribute("aria-busy", "true");
      expect(new URL(page.url()).search).toBe("");
      release();
      // Once hydrated, the held login goes through with what was typed.
      await expect(page).toHaveURL(fr ? /\/fr\/account$/ : /\/account$/);
      expect(urls.filter((url) => url.includes(password) || url.includes("password="))).toEqual([]);
    });

    test(`${fr ? "French" : "English"}: the emailed verification link says "Confirming" from the first paint`, async ({
      page,
    }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/assets/*.js", async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${fr ? "/fr" : ""}/verify-email?token=not-a-real-token`, { waitUntil: "commit" });
      // Before any app script ran: the link's page, never "Check your inbox" with a resend form.
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toHaveText(
        fr ? "Confirmation de votre adresse e-mail" : "Confirming your email address",
      );
      await expect(page.getByRole("button", { name: fr ? /Renvoyer/ : /Resend/ })).toHaveCount(0);
      release();
      // Once the app checked it, this made-up token is refused.
      await expect(heading).toHaveText(fr ? "Ce lien ne fonctionne pas" : "This link doesn't work");
    });
  }
});
