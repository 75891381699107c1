import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRoot } from "../testing/fixtures.ts";
import { buildEnvChanges, buildEnvOf, buildEnvWarnings, readBuildEnv, writeBuildEnv } from "./build-env.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function buildDir() {
  const dir = mkdtempSync(path.join(fixtureRoot, "build-env-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "client"));
  return dir;
}

describe("the build's record of its build-time variables", () => {
  it("is read back as written; an older build without it says nothing", () => {
    const dir = buildDir();
    expect(readBuildEnv(dir)).toBeNull();
    writeBuildEnv(dir, buildEnvOf({ VITE_POCKETBASE_URL: "https://api.lumen.example", PATH: "/bin" }));
    expect(readBuildEnv(dir)).toMatchObject({
      VITE_POCKETBASE_URL: "https://api.lumen.example",
      VITE_SITE_URL: "",
      CONTENT_DIR: "",
      SELLER_ADDRESS: "",
    });
    expect(readBuildEnv(dir)).not.toHaveProperty("PATH");
  });

  it("names each variable whose value changed since the build (what npm start builds again for)", () => {
    const built = buildEnvOf({ VITE_SITE_URL: "https://lumen.example" });
    expect(buildEnvChanges(built, buildEnvOf({ VITE_SITE_URL: "https://lumen.example" }))).toEqual([]);
    expect(buildEnvChanges(built, buildEnvOf({ VITE_POCKETBASE_URL: "https://pb.example" }))).toEqual([
      'VITE_POCKETBASE_URL is "https://pb.example", the site was built with unset',
      'VITE_SITE_URL is unset, the site was built with "https://lumen.example"',
    ]);
  });

  it("makes the server warn only of what its own environment sets to another value", () => {
    const dir = buildDir();
    writeBuildEnv(dir, buildEnvOf({ VITE_SITE_URL: "https://lumen.example" }));
    const site = path.join(dir, "client");
    // The server's environment need not repeat the build's.
    expect(buildEnvWarnings(site, {})).toEqual([]);
    expect(buildEnvWarnings(site, { VITE_POCKETBASE_URL: "https://pb.example" })).toEqual([
      'VITE_POCKETBASE_URL is "https://pb.example", the site was built with unset: build the site again (npm run build) for it to take effect.',
    ]);
  });

  it("counts the seller's details among them: the legal pages are filled with them at build", () => {
    const dir = buildDir();
    writeBuildEnv(dir, buildEnvOf({ SELLER_NAME: "Lumen SAS" }));
    const site = path.join(dir, "client");
    expect(buildEnvWarnings(site, { SELLER_NAME: "Lumen SAS", SUPPORT_EMAIL: "help@lumen.example" })).toEqual(
      [
        'SUPPORT_EMAIL is "help@lumen.example", the site was built with unset: build the site again (npm run build) for it to take effect.',
      ],
    );
  });
});
