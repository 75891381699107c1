import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configFromEnv } from "../config.ts";
import { createTestApp, fixtureRoot } from "../testing/fixtures.ts";
import {
  autoBackupName,
  Backups,
  databaseFromArchive,
  defaultBackupName,
  InvalidBackupError,
  isBackupKey,
  listBackups,
  pruneAutoBackups,
} from "./backups.ts";
import type { Store } from "./store.ts";
import { readZip, writeZip, ZipError } from "./zip.ts";
import { deflateRawSync } from "node:zlib";

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

  it("keeps only the newest `keep` automatic backups and never touches the others", () => {
    const dir = tempDir();
    for (let i = 1; i <= 10; i++) touch(dir, `@auto_pb_backup_lumen_${String(i).padStart(2, "0")}.zip`, i);
    touch(dir, "pb_backup_manual.zip", 100);
    touch(dir, "uploaded.zip", 200);
    const removed = pruneAutoBackups(dir, 7);
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
    expect(pruneAutoBackups(dir, 7)).toEqual([]);
    expect(pruneAutoBackups(dir, 1)).toHaveLength(6);
    expect(listBackups(dir).map((b) => b.key)).toEqual([
      "@auto_pb_backup_lumen_01.zip",
      "pb_backup_manual.zip",
      "uploaded.zip",
    ]);
  });
});

describe("zip archives", () => {
  it("round-trip through writeZip and readZip", async () => {
    const dir = tempDir();
    const a = path.join(dir, "a.bin");
    const b = path.join(dir, "b.txt");
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0);
    for (let i = 0; i < big.length; i += 4093) big[i] = i % 251;
    writeFileSync(a, big);
    writeFileSync(b, "héllo");
    const zip = path.join(dir, "out.zip");
    await writeZip(zip, [
      { name: "data.db", path: a },
      { name: "dir/ünï.txt", path: b },
    ]);
    const entries = readZip(readFileSync(zip));
    expect(entries.map((e) => [e.name, e.size])).toEqual([
      ["data.db", big.length],
      ["dir/ünï.txt", Buffer.byteLength("héllo")],
    ]);
    expect(entries[0]!.read().equals(big)).toBe(true);
    expect(entries[1]!.read().toString()).toBe("héllo");
  });

  it("reads deflated entries and refuses corrupt archives", async () => {
    const dir = tempDir();
    const file = path.join(dir, "x");
    writeFileSync(file, "some content ".repeat(100));
    const zip = path.join(dir, "x.zip");
    await writeZip(zip, [{ name: "x", path: file }]);
    const archive = readFileSync(zip);

    // The same archive with the entry deflated (method 8), as most zip tools write it.
    const content = readFileSync(file);
    const deflated = deflateRawSync(content);
    const nameLength = archive.readUInt16LE(26);
    const local = Buffer.from(archive.subarray(0, 30 + nameLength));
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    const centralStart = 30 + nameLength + content.length;
    const central = Buffer.from(archive.subarray(centralStart, archive.length - 22));
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    const end = Buffer.from(archive.subarray(archive.length - 22));
    end.writeUInt32LE(local.length + deflated.length, 16);
    const rebuilt = Buffer.concat([local, deflated, central, end]);
    expect(readZip(rebuilt)[0]!.read().equals(content)).toBe(true);

    const flipped = Buffer.from(archive);
    flipped[30 + nameLength + 5]! ^= 0xff;
    expect(() => readZip(flipped)[0]!.read()).toThrow(/CRC mismatch/);
    expect(() => readZip(Buffer.from("not a zip at all, clearly not"))).toThrow(ZipError);
    expect(() => readZip(archive.subarray(0, archive.length - 30))).toThrow(ZipError);
  });

  it("databaseFromArchive wants a SQLite data.db", async () => {
    const dir = tempDir();
    const file = path.join(dir, "data.db");
    writeFileSync(file, "not sqlite");
    const zip = path.join(dir, "x.zip");
    await writeZip(zip, [{ name: "data.db", path: file }]);
    expect(() => databaseFromArchive(readFileSync(zip))).toThrow(/not a SQLite database/);
    await writeZip(zip, [{ name: "other.db", path: file }]);
    expect(() => databaseFromArchive(readFileSync(zip))).toThrow(InvalidBackupError);
    expect(() => databaseFromArchive(readFileSync(zip))).toThrow(/holds no data.db/);
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
      const entries = readZip(readFileSync(path.join(dir, key!)));
      expect(entries.map((e) => e.name)).toEqual(["data.db"]);
    } finally {
      await t.close();
    }
  });

  it("the schedule runs at the matching UTC minutes only", async () => {
    vi.useFakeTimers({
      now: new Date("2026-11-24T02:58:30Z"),
      toFake: ["setTimeout", "clearTimeout", "Date"],
    });
    const backups = new Backups({} as Store, tempDir(), { appName: "x", log: () => {} });
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
