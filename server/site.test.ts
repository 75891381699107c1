import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "./testing/start-server.ts";

function fakeSite() {
  const dir = mkdtempSync(path.join(tmpdir(), "site-"));
  const page = (rel: string, body: string) => {
    mkdirSync(path.join(dir, rel), { recursive: true });
    writeFileSync(path.join(dir, rel, "index.html"), body);
  };
  page(".", "<html lang=en>home</html>");
  page("fr", "<html lang=fr>accueil</html>");
  page("fr/fr/docs", "<html lang=fr>docs fr</html>");
  page("__not-found", "<html lang=en>not found</html>");
  page("fr/__not-found", "<html lang=fr>introuvable</html>");
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app-123.js"), "console.log(1)");
  writeFileSync(path.join(dir, "secret.txt"), "nope");
  return dir;
}

describe("one process serves the site and the API", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ siteDir: path.join(fakeSite(), ".") });
  });
  afterAll(() => server.close());

  const get = (p: string) => fetch(server.url + p, { redirect: "manual" });

  it("answers the health check like PocketBase, through the official SDK", async () => {
    const pb = new PocketBase(server.url);
    await expect(pb.health.check()).resolves.toEqual({ message: "API is healthy.", code: 200, data: {} });
  });

  it("answers unknown API routes with PocketBase's 404 envelope and security headers", async () => {
    const res = await get("/api/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      data: {},
      message: "The requested resource wasn't found.",
      status: 404,
    });
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("serves each locale's prerendered page", async () => {
    expect(await (await get("/")).text()).toContain("home");
    expect(await (await get("/fr")).text()).toContain("accueil");
    expect(await (await get("/fr/fr/docs")).text()).toContain("docs fr");
  });

  it("answers unknown pages with status 404 and the page of their locale", async () => {
    const en = await get("/nope");
    expect(en.status).toBe(404);
    expect(await en.text()).toContain("not found");
    const fr = await get("/fr/nope");
    expect(fr.status).toBe(404);
    expect(await fr.text()).toContain("introuvable");
    expect((await get("/__not-found")).status).toBe(404);
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await get("/fr/?a=1");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/fr?a=1");
  });

  it("caches hashed assets for a year and never serves outside the site folder", async () => {
    const asset = await get("/assets/app-123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await get("/..%2f..%2fetc%2fpasswd")).status).toBe(404);
  });
});
