import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runSuperuserCommand } from "./cli.ts";
import { findAuthRecordByEmail } from "./core/auth.ts";
import { verifyPassword } from "./core/passwords.ts";
import { Store } from "./core/store.ts";

function superuser(dataDir: string, email: string) {
  const store = Store.open(dataDir);
  try {
    return findAuthRecordByEmail(store, store.findCollection("_superusers")!, email);
  } finally {
    store.close();
  }
}

describe("npm run superuser", () => {
  it("upserts, updates and deletes superusers like PocketBase's CLI", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cli-"));
    try {
      expect(await runSuperuserCommand(dir, ["upsert", "root@example.com", "first pass 1"])).toBe(
        'Successfully saved superuser "root@example.com".',
      );
      const first = superuser(dir, "root@example.com")!;
      expect(first).toMatchObject({ verified: true });
      expect(await verifyPassword("first pass 1", String(first.password))).toBe(true);

      await runSuperuserCommand(dir, ["upsert", "root@example.com", "second pass 2"]);
      const second = superuser(dir, "root@example.com")!;
      expect(second.id).toBe(first.id);
      expect(second.tokenKey).not.toBe(first.tokenKey);
      expect(await verifyPassword("second pass 2", String(second.password))).toBe(true);

      await expect(runSuperuserCommand(dir, ["create", "root@example.com", "third pass 3"])).rejects.toThrow(
        /already exists/,
      );
      await expect(
        runSuperuserCommand(dir, ["update", "nobody@example.com", "third pass 3"]),
      ).rejects.toThrow(/No superuser/);
      await expect(runSuperuserCommand(dir, ["upsert", "not-an-email", "third pass 3"])).rejects.toThrow(
        /invalid email/,
      );
      await expect(runSuperuserCommand(dir, ["upsert", "a@example.com", "short"])).rejects.toThrow(/8 to 71/);
      await expect(runSuperuserCommand(dir, ["upsert", "a@example.com", "é".repeat(40)])).rejects.toThrow(
        /72 bytes/,
      );
      await expect(runSuperuserCommand(dir, ["frobnicate"])).rejects.toThrow(/Unknown command/);

      // The only superuser stays: without one nobody could sign in to manage the server.
      await expect(runSuperuserCommand(dir, ["delete", "root@example.com"])).rejects.toThrow(
        'You can\'t delete the only existing superuser "root@example.com". Create another superuser first.',
      );
      expect(superuser(dir, "root@example.com")).toBeDefined();
      await runSuperuserCommand(dir, ["create", "second@example.com", "third pass 3"]);
      expect(await runSuperuserCommand(dir, ["delete", "root@example.com"])).toContain(
        "Successfully deleted",
      );
      expect(superuser(dir, "root@example.com")).toBeUndefined();
      await expect(runSuperuserCommand(dir, ["delete", "second@example.com"])).rejects.toThrow(
        /only existing superuser/,
      );
      expect(superuser(dir, "second@example.com")).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs as `node server/cli.ts superuser upsert EMAIL PASS` with DATA_DIR", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "cli-"));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ["server/cli.ts", "superuser", ...args], {
          env: { ...process.env, DATA_DIR: dir },
          encoding: "utf8",
        });
      const ok = run("upsert", "ops@example.com", "a long password");
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain('Successfully saved superuser "ops@example.com".');
      expect(superuser(dir, "ops@example.com")).toBeDefined();
      const bad = run("delete", "missing@example.com");
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain("No superuser with the email missing@example.com.");
      const last = run("delete", "ops@example.com");
      expect(last.status).toBe(1);
      expect(last.stdout).toBe("");
      expect(last.stderr.trim()).toBe(
        'You can\'t delete the only existing superuser "ops@example.com". Create another superuser first.',
      );
      expect(superuser(dir, "ops@example.com")).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
