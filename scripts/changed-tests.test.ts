import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testsTouching } from "./changed-tests.ts";

// `npm run test:quick` runs these files of the slow tiers; the repository's own files are the fixtures.
describe("the tests a change touches", () => {
  it("are the server tests that import a changed handler, not every test that reaches it through the app", () => {
    expect(testsTouching(["server/api/settings.ts"], "server/**/*.test.ts")).toEqual([
      "server/api/settings.test.ts",
    ]);
  });

  it("are the stories that import a changed component, not the screens' stories that hold it", () => {
    expect(testsTouching(["src/widgets/auth/login-form.tsx"], "src/**/*.stories.tsx")).toEqual([
      "src/widgets/auth/login-form.stories.tsx",
    ]);
  });

  it("include a story whose docs changed (imported with ?raw), and a changed spec itself", () => {
    expect(testsTouching(["src/ui/select.docs.md"], "src/**/*.stories.tsx")).toEqual([
      "src/ui/select.stories.tsx",
    ]);
    expect(testsTouching(["tests/e2e/home.spec.ts", "docs/testing.md"], "tests/e2e/*.spec.ts")).toEqual([
      "tests/e2e/home.spec.ts",
    ]);
  });

  it("follow package.json's import aliases (#src/…) as well as relative paths", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "changed-tests-"));
    try {
      writeFileSync(
        path.join(dir, "a.stories.tsx"),
        'import { LoginForm } from "#src/widgets/auth/login-form.tsx";\n',
      );
      writeFileSync(path.join(dir, "b.stories.tsx"), 'import { Button } from "#src/ui/button.tsx";\n');
      expect(testsTouching(["src/widgets/auth/login-form.tsx"], `${dir}/*.stories.tsx`)).toEqual([
        path.join(dir, "a.stories.tsx"),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("are none for a change no test imports", () => {
    expect(testsTouching(["docs/testing.md"], "server/**/*.test.ts")).toEqual([]);
  });
});
