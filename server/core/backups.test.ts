import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configFromEnv } from "../config.ts";
import { createTestApp, fixtureRoot } from "../testing/fixtures.ts";
import { extractEntry, writeArchive } from "../tools/archive.ts";
import { createLogger } from "../tools/log.ts";
import {
  autoBackupName,
  Backups,
  checkDatabase,
  defaultBackupName,
  extractDatabase,
  InvalidBackupError,
  isBackupKey,
  listBackups,
  pruneAutoBackups,
} from "./backups.ts";
import { Store } from "./store.ts";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(fixtureRoot, "backups-unit-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Creates `name` in `dir` with a modification time `minutesAgo` minutes in the past. */
function touch(dir: string, name: string, minutesAgo: number) {
  const file = path.join(dir, name);
  writeFileSync(file, name);
  const time = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(file, time, time);
}

describe("backup names", () => {
  it("are generated like PocketBase's", () => {
    const date = new Date("2026-11-24T23:15:00.123Z");
    expect(defaultBackupName(date)).toBe("pb_backup_20261124231500.zip");
    expect(autoBackupName("Lumen", date)).toBe("@auto_pb_backup_lumen_20261124231500.zip");
    expect(autoBackupName("My App!", date)).toBe("@auto_pb_backup_my_app_20261124231500.zip");
    expect(autoBackupName("", date)).toBe("@auto_pb_backup_20261124231500.zip");
  });

  it("keys are plain file names of the backups folder", () => {
    for (const key of ["pb_backup_1.zip", "@auto_pb_backup_x_1.zip", "My-Backup.v2.zip"]) {
      expect(isBackupKey(key), key).toBe(true);
    }
    for (const key of [
      "",
      ".",
      "..",
      "../data.db",
      "a/b.zip",
      "a\\b.zip",
      ".hidden.zip",
      "x.zip.part",
      "a b.zip",
      "é.zip",
    ]) {
      expect(isBackupKey(key), key).toBe(false);
    }
    expect(isBackupKey(`${"a".repeat(146)}.zip`)).toBe(true);
    expect(isBackupKey(`${"a".repeat(147)}.zip`)).toBe(false);
  });
});

describe("listBackups and pruneAutoBackups", () => {
  it("lists files newest first, skipping folders and non-keys", () => {
    const dir = tempDir();
    touch(dir, "old.zip", 30);
    touch(dir, "new.zip", 1);
    touch(dir, "mid.zip", 10);
    touch(dir, "upload.zip.part", 0);
    touch(dir, ".tmp", 0);
    expect(listBackups(dir).map((b) => b.key)).toEqual(["new.zip", "mid.zip", "old.zip"]);
    const [first] = listBackups(dir);
    expect(first!.size).toBe("new.zip".length);
    expect(first!.modified).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(listBackups(path.join(dir, "missing"))).toEqual([]);
  });

  it("keeps only the newest `keep` automatic backups and never touches the others", async () => {
    const dir = tempDir();
    for (let i = 1; i <= 10; i++) touch(dir, `@auto_pb_backup_lumen_${String(i).padStart(2, "0")}.zip`, i);
    touch(dir, "pb_backup_manual.zip", 100);
    touch(dir, "uploaded.zip", 200);
    const removed = await pruneAutoBackups(dir, 7);
    expect(removed).toEqual([
      "@auto_pb_backup_lumen_08.zip",
      "@auto_pb_backup_lumen_09.zip",
      "@auto_pb_backup_lumen_10.zip",
    ]);
    expect(listBackups(dir).map((b) => b.key)).toEqual([
      "@auto_pb_backup_lumen_01.zip",
      "@auto_pb_backup_lumen_02.zip",
      "@auto_pb_backup_lumen_03.zip",
      "@auto_pb_backup_lumen_04.zip",
      "@auto_pb_backup_lumen_05.zip",
      "@auto_pb_backup_lumen_06.zip",
      "@auto_pb_backup_lumen_07.zip",
      "pb_backup_manual.zip",
      "uploaded.zip",
    ]);
    expect(await pruneAutoBackups(dir, 7)).toEqual([]);
    expect(await pruneAutoBackups(dir, 1)).toHaveLength(6);
    expect(listBackups(dir).map((b) => b.key)).toEqual([
      "@auto_pb_backup_lumen_01.zip",
      "pb_backup_manual.zip",
      "uploaded.zip",
    ]);
  });
});

describe("extractDatabase", () => {
  it("wants a data.db that is a SQLite database", async () => {
    const dir = tempDir();
    const file = path.join(dir, "data.db");
    writeFileSync(file, "not sqlite");
    const zip = path.join(dir, "x.zip");
    const target = path.join(dir, "out.db");
    await writeArchive(zip, [{ name: "data.db", path: file }]);
    await expect(extractDatabase(zip, target, [])).rejects.toThrow(
      "The archive's data.db is not a SQLite database.",
    );
    await writeArchive(zip, [{ name: "other.db", path: file }]);
    await expect(extractDatabase(zip, target, [])).rejects.toThrow(InvalidBackupError);
    await expect(extractDatabase(zip, target, [])).rejects.toThrow("The archive holds no data.db.");
    writeFileSync(zip, "not a zip at all, clearly not, not even close");
    await expect(extractDatabase(zip, target, [])).rejects.toThrow(/^The archive is unreadable: /);
  });
});

describe("checkDatabase", () => {
  /** A database the store made for `collections` (plus `_superusers`), then `sql`: its file. */
  function storeDatabase(collections: unknown[], sql = ""): string {
    return storeDatabaseWith(collections, sql).file;
  }
  function storeDatabaseWith(collections: unknown[], sql = "") {
    const dir = tempDir();
    const store = Store.open(dir);
    store.importCollections(collections, false);
    const known = store.collections();
    store.db.exec(sql);
    store.close();
    return { file: path.join(dir, "data.db"), known };
  }
  const notes = {
    name: "notes",
    type: "base",
    fields: [{ name: "title", type: "text" }],
    indexes: ["CREATE INDEX `idx_notes_title` ON `notes` (`title`)"],
  };

  it("accepts what the store makes, its schema derived from the collections, not a fixed list", async () => {
    const { file, known } = storeDatabaseWith([notes]);
    await expect(checkDatabase(file, [])).resolves.toBeUndefined();
    // A collection the archive does not define (its row gone) is still accepted when the server's
    // schema has it, as a collection added to pb_schema.json later would be.
    const orphan = storeDatabase([notes], `DELETE FROM "_collections" WHERE "name" = 'notes'`);
    await expect(checkDatabase(orphan, [])).rejects.toThrow(
      'The database holds the table "notes", which is none of its collections.',
    );
    await expect(checkDatabase(orphan, known)).resolves.toBeUndefined();
  });

  it("refuses triggers, views, foreign keys, indexes no collection declares, unreadable definitions", async () => {
    const cases: [string, string][] = [
      [`CREATE TRIGGER "t" AFTER DELETE ON "notes" BEGIN SELECT 1; END`, 'the trigger "t"'],
      [`CREATE VIEW "v" AS SELECT 1`, 'the view "v"'],
      [`DROP TABLE "notes"; CREATE VIRTUAL TABLE "notes" USING fts5("title")`, '"notes" as a virtual table'],
      [`CREATE INDEX "idx_other" ON "notes" ("id")`, 'the index "idx_other" on "notes"'],
      // A declared index name, put on another table than the one it declares.
      [
        `DROP INDEX "idx_notes_title"; CREATE INDEX "idx_notes_title" ON "_superusers" ("email")`,
        'the index "idx_notes_title" on "_superusers"',
      ],
      [
        `UPDATE "_collections" SET "data" = 'null' WHERE "name" = 'notes'`,
        "unreadable collection definition",
      ],
      [
        `UPDATE "_collections" SET "data" = json_set("data", '$.pad', printf('%.*c', 1100000, 'x')) WHERE "name" = 'notes'`,
        "unreadable collection definition",
      ],
      // The declared name, made another way: UNIQUE, so it would refuse writes the server accepts.
      [
        `DROP INDEX "idx_notes_title"; CREATE UNIQUE INDEX "idx_notes_title" ON "notes" ("title")`,
        'index "idx_notes_title" is not the one its collection declares',
      ],
      [
        `ALTER TABLE "notes" ADD COLUMN "owner" TEXT REFERENCES "_superusers" ("id") ON DELETE CASCADE`,
        "a foreign key",
      ],
    ];
    for (const [sql, what] of cases) {
      await expect(checkDatabase(storeDatabase([notes], sql), []), sql).rejects.toThrow(what);
    }
    // Names in quotes are not clauses: a column may be called "check" or "references".
    const quoted = storeDatabase([
      {
        ...notes,
        fields: [...notes.fields, { name: "check", type: "text" }, { name: "references", type: "bool" }],
      },
    ]);
    await expect(checkDatabase(quoted, [])).resolves.toBeUndefined();
  });
});

describe("BACKUPS_CRON and BACKUPS_KEEP", () => {
  it("are read from the environment", () => {
    expect(configFromEnv({}).backupsCron).toBeUndefined();
    expect(configFromEnv({}).backupsKeep).toBe(7);
    const config = configFromEnv({ BACKUPS_CRON: "0 3 * * *", BACKUPS_KEEP: "3" });
    expect(config.backupsCron).toBe("0 3 * * *");
    expect(config.backupsKeep).toBe(3);
  });

  it("fail at start-up with a clear message", () => {
    expect(() => configFromEnv({ BACKUPS_CRON: "0 25 * * *" })).toThrow(
      'Invalid BACKUPS_CRON: 0 25 * * * (hour "25" is out of range (0-23))',
    );
    expect(() => configFromEnv({ BACKUPS_CRON: "daily" })).toThrow(
      /Invalid BACKUPS_CRON: daily \(expected 5 fields/,
    );
    for (const keep of ["0", "-1", "2.5", "many"]) {
      expect(() => configFromEnv({ BACKUPS_KEEP: keep })).toThrow(`Invalid BACKUPS_KEEP: ${keep}`);
    }
  });
});

describe("automatic backups", () => {
  afterEach(() => vi.useRealTimers());

  it("runAutomatic makes an @auto_pb_backup_ archive and keeps the newest BACKUPS_KEEP", async () => {
    const t = await createTestApp({ appName: "Lumen" });
    try {
      const dir = t.app.backups.dir;
      mkdirSync(dir, { recursive: true });
      for (let i = 1; i <= 4; i++) touch(dir, `@auto_pb_backup_lumen_2026010${i}000000.zip`, 60 * i);
      touch(dir, "manual.zip", 1000);
      const key = await t.app.backups.runAutomatic(3);
      expect(key).toMatch(/^@auto_pb_backup_lumen_\d{14}\.zip$/);
      expect(listBackups(dir).map((b) => b.key)).toEqual([
        key,
        "@auto_pb_backup_lumen_20260101000000.zip",
        "@auto_pb_backup_lumen_20260102000000.zip",
        "manual.zip",
      ]);
      const copy = path.join(tempDir(), "data.db");
      const limits = { maxSize: 2 ** 40, maxRatio: 2000 };
      expect(await extractEntry(path.join(dir, key!), "data.db", copy, limits)).toMatchObject({
        name: "data.db",
      });
      await expect(checkDatabase(copy, [])).resolves.toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("the schedule runs at the matching UTC minutes only", async () => {
    vi.useFakeTimers({
      now: new Date("2026-11-24T02:58:30Z"),
      toFake: ["setTimeout", "clearTimeout", "Date"],
    });
    const backups = new Backups({} as Store, tempDir(), {
      appName: "x",
      log: createLogger({ info: () => {} }),
    });
    const run = vi.spyOn(backups, "runAutomatic").mockResolvedValue(undefined);
    backups.schedule("0 3 * * *", 5);
    await vi.advanceTimersByTimeAsync(60_000); // 02:59:30
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000); // 03:00:30
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(5);
    await vi.advanceTimersByTimeAsync(23 * 3600_000); // up to 02:00:30 the next day
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3600_000); // 03:00:30 the next day
    expect(run).toHaveBeenCalledTimes(2);
    await backups.close();
    await vi.advanceTimersByTimeAsync(2 * 24 * 3600_000);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
