import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { backup, DatabaseSync } from "node:sqlite";
import { type CronSchedule, cronMatches, parseCron } from "./cron.ts";
import type { Store } from "./store.ts";
import { formatDateTime } from "./values.ts";
import { readZip, writeZip, ZipError } from "./zip.ts";

// Backups as PocketBase makes them: zip archives in DATA_DIR/backups. An archive holds `data.db`,
// a consistent copy of the database taken with SQLite's online backup API while requests go on.
// The database is everything a restore needs: records, collection definitions and the per-instance
// token secrets all live in it. Nothing else in DATA_DIR is archived (the outbox only holds copies
// of mail already handed over, and the backups folder never goes in an archive).

/** PocketBase's rule for a backup name given to `POST /api/backups`. */
export const backupNamePattern = /^[a-z0-9_-]+\.zip$/;
/** What any backup key (file name in the backups folder) may look like: no path separators, no leading dot. */
const keyPattern = /^[A-Za-z0-9@_-][A-Za-z0-9@_.-]{0,149}$/;
/** Prefix of the archives the schedule makes; only these are pruned. */
export const autoBackupPrefix = "@auto_pb_backup_";
/** The database's name inside an archive and in DATA_DIR. */
export const databaseEntry = "data.db";

export const busyMessage = "Try again later - another backup/restore operation has already been started.";

/** Another backup or restore is running. */
export class BackupBusyError extends Error {
  constructor() {
    super(busyMessage);
  }
}

/** An archive that cannot be restored or stored; the message says why. */
export class InvalidBackupError extends Error {}

export type BackupInfo = { key: string; size: number; modified: string };

/** `20261124231500`: the UTC timestamp in generated names. */
function stamp(date = new Date()): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** PocketBase's default name for a backup made on request. */
export function defaultBackupName(date = new Date()): string {
  return `pb_backup_${stamp(date)}.zip`;
}

/** The name of a scheduled backup: `@auto_pb_backup_{app_name}_{timestamp}.zip`. */
export function autoBackupName(appName: string, date = new Date()): string {
  const snake = appName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return `${autoBackupPrefix}${snake ? `${snake}_` : ""}${stamp(date)}.zip`;
}

/** Whether `key` can name a file of the backups folder (never a path elsewhere). */
export function isBackupKey(key: string): boolean {
  return keyPattern.test(key) && !key.endsWith(".part");
}

function fsyncPath(target: string) {
  const fd = openSync(target, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The backups in `dir`, newest first (ties by key, descending). */
export function listBackups(dir: string): BackupInfo[] {
  if (!existsSync(dir)) return [];
  const found: (BackupInfo & { time: number })[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !isBackupKey(entry.name)) continue;
    const info = statSync(path.join(dir, entry.name));
    found.push({
      key: entry.name,
      size: info.size,
      modified: formatDateTime(info.mtime),
      time: info.mtimeMs,
    });
  }
  found.sort((a, b) => b.time - a.time || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0));
  return found.map(({ key, size, modified }) => ({ key, size, modified }));
}

/** Deletes the automatic backups in `dir` beyond the `keep` newest; returns the deleted keys. */
export function pruneAutoBackups(dir: string, keep: number): string[] {
  const extra = listBackups(dir)
    .filter((b) => b.key.startsWith(autoBackupPrefix))
    .slice(Math.max(0, keep));
  for (const { key } of extra) rmSync(path.join(dir, key), { force: true });
  return extra.map((b) => b.key);
}

/**
 * Checks that `archive` (a zip's bytes) holds a SQLite `data.db`; returns that entry's bytes.
 * Throws InvalidBackupError otherwise.
 */
export function databaseFromArchive(archive: Buffer): Buffer {
  let data: Buffer;
  try {
    const entry = readZip(archive).find((e) => e.name === databaseEntry);
    if (!entry) throw new InvalidBackupError(`The archive holds no ${databaseEntry}.`);
    data = entry.read();
  } catch (error) {
    if (error instanceof ZipError)
      throw new InvalidBackupError(`The archive is unreadable: ${error.message}.`);
    throw error;
  }
  if (data.subarray(0, 16).toString("latin1") !== "SQLite format 3\0") {
    throw new InvalidBackupError(`The archive's ${databaseEntry} is not a SQLite database.`);
  }
  return data;
}

/** Opens the database file `file` and checks it is whole and one of this server's; closes it again. */
function checkDatabase(file: string) {
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
  } catch (error) {
    throw new InvalidBackupError(`The database cannot be opened: ${(error as Error).message}.`);
  }
  try {
    const result = db.prepare("PRAGMA integrity_check").all();
    if (result.length !== 1 || result[0]!.integrity_check !== "ok") {
      throw new InvalidBackupError("The database fails SQLite's integrity check.");
    }
    const columns = new Set(
      db
        .prepare(`SELECT name FROM pragma_table_info('_collections')`)
        .all()
        .map((row) => String(row.name)),
    );
    if (!columns.has("id") || !columns.has("name") || !columns.has("data")) {
      throw new InvalidBackupError("The database is not one of this server's (no _collections definitions).");
    }
    for (const row of db.prepare(`SELECT "data" FROM "_collections"`).all()) {
      const collection = JSON.parse(String(row.data)) as { name?: unknown; fields?: unknown };
      if (typeof collection.name !== "string" || !Array.isArray(collection.fields)) {
        throw new InvalidBackupError("The database holds an unreadable collection definition.");
      }
    }
  } catch (error) {
    if (error instanceof InvalidBackupError) throw error;
    throw new InvalidBackupError(`The database is unreadable: ${(error as Error).message}.`);
  } finally {
    db.close();
  }
}

export type BackupsOptions = {
  /** For the names of scheduled backups. */
  appName: string;
  log: (line: string) => void;
  /** Runs after a restore reopened the database (the app re-applies its schema, as at start-up). */
  afterRestore?: () => void;
};

/**
 * The backups of one data folder: one operation (backup or restore) at a time, like PocketBase's
 * "active backup" flag; listing, downloading, uploading and deleting run alongside.
 */
export class Backups {
  readonly dir: string;
  private active: { key: string; done: Promise<unknown> } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private readonly store: Store;
  private readonly dataDir: string;
  private readonly options: BackupsOptions;

  constructor(store: Store, dataDir: string, options: BackupsOptions) {
    this.store = store;
    this.dataDir = dataDir;
    this.options = options;
    this.dir = path.join(dataDir, "backups");
  }

  /** The key of the backup being made or restored, if any. */
  get activeKey(): string | undefined {
    return this.active?.key;
  }

  list(): BackupInfo[] {
    return listBackups(this.dir);
  }

  /** The file of backup `key`; undefined when `key` is not a valid key or names no backup. */
  file(key: string): string | undefined {
    if (!isBackupKey(key)) return undefined;
    const file = path.join(this.dir, key);
    try {
      return statSync(file).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  private async exclusive<T>(key: string, run: () => Promise<T>): Promise<T> {
    if (this.active || this.closed) throw new BackupBusyError();
    const done = run();
    this.active = { key, done: done.catch(() => {}) };
    try {
      return await done;
    } finally {
      this.active = null;
    }
  }

  /**
   * Makes backup `name` (default `pb_backup_{timestamp}.zip`): copies the database with SQLite's
   * online backup (reads and writes go on meanwhile), zips it beside, and moves the finished archive
   * into the backups folder, so a listed archive is always complete.
   */
  create(name = defaultBackupName()): Promise<string> {
    return this.exclusive(name, async () => {
      if (!isBackupKey(name)) throw new InvalidBackupError(`Invalid backup name ${name}.`);
      mkdirSync(this.dir, { recursive: true });
      const target = path.join(this.dir, name);
      if (existsSync(target)) throw new InvalidBackupError(`The backup ${name} already exists.`);
      const work = mkdtempSync(path.join(this.dataDir, ".pb_temp_backup_"));
      try {
        const copy = path.join(work, databaseEntry);
        await backup(this.store.db, copy);
        const zip = path.join(work, "archive.zip");
        await writeZip(zip, [{ name: databaseEntry, path: copy }]);
        renameSync(zip, target);
        fsyncPath(this.dir);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      return name;
    });
  }

  /** Stores an uploaded archive as `key` after checking it holds a SQLite `data.db`. */
  upload(key: string, archive: Buffer) {
    if (!isBackupKey(key)) throw new InvalidBackupError(`Invalid backup name ${key}.`);
    databaseFromArchive(archive);
    mkdirSync(this.dir, { recursive: true });
    const part = path.join(this.dir, `${key}.part`);
    writeFileSync(part, archive, { flush: true });
    renameSync(part, path.join(this.dir, key));
    fsyncPath(this.dir);
  }

  /** Deletes backup `key`; false when there is no such backup. */
  delete(key: string): boolean {
    const file = this.file(key);
    if (!file) return false;
    unlinkSync(file);
    return true;
  }

  /**
   * Replaces the database with the one in backup `key`. The archive's database is extracted beside
   * the live one (same folder, same file system), synced and checked (SQLite integrity check, this
   * server's `_collections` table); only then is the store closed, the new file renamed over
   * `data.db` (an atomic replace: at every instant the path holds either the old or the new
   * database, whole) and the store reopened, all in one synchronous step. If the new database
   * cannot be opened, the old one is put back. Throws InvalidBackupError and changes nothing when
   * the archive is not a restorable backup.
   */
  restore(key: string): Promise<void> {
    const archive = this.file(key);
    if (!archive) return Promise.reject(new InvalidBackupError("Missing or invalid backup file."));
    return this.exclusive(key, async () => {
      const work = mkdtempSync(path.join(this.dataDir, ".pb_temp_restore_"));
      try {
        const candidate = path.join(work, databaseEntry);
        writeFileSync(candidate, databaseFromArchive(await readFile(archive)), { flush: true });
        checkDatabase(candidate);
        for (const suffix of ["-wal", "-shm"]) rmSync(candidate + suffix, { force: true });
        fsyncPath(candidate);
        this.swapDatabase(candidate, path.join(work, "previous.db"));
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
      this.options.log(`Restored the backup ${key}`);
    });
  }

  private swapDatabase(candidate: string, previous: string) {
    const live = path.join(this.dataDir, databaseEntry);
    let swapped = false;
    try {
      this.store.reopen(() => {
        // `close` folded the WAL into data.db; a WAL still holding pages means another process has
        // the database open, and dropping those pages would lose acknowledged writes.
        const wal = `${live}-wal`;
        if (existsSync(wal) && statSync(wal).size > 0) {
          throw new InvalidBackupError("The database is in use by another process; restore refused.");
        }
        rmSync(wal, { force: true });
        rmSync(`${live}-shm`, { force: true });
        linkSync(live, previous);
        renameSync(candidate, live);
        swapped = true;
        fsyncPath(this.dataDir);
      });
    } catch (error) {
      if (swapped) {
        renameSync(previous, live);
        fsyncPath(this.dataDir);
      }
      this.store.reopen();
      if (error instanceof InvalidBackupError) throw error;
      throw new InvalidBackupError(`The restored database cannot be opened: ${(error as Error).message}.`);
    }
    try {
      this.options.afterRestore?.();
    } catch (error) {
      // The restored data is in place; a schema that no longer applies is what a restart would report.
      console.error(`Applying the schema after the restore failed: ${(error as Error).message}`);
    }
  }

  /** Makes an automatic backup now and prunes the automatic ones beyond `keep`. */
  async runAutomatic(keep: number): Promise<string | undefined> {
    if (this.active) {
      this.options.log("Scheduled backup skipped: another backup/restore operation is running");
      return undefined;
    }
    const key = await this.create(autoBackupName(this.options.appName));
    const pruned = pruneAutoBackups(this.dir, keep);
    this.options.log(`Scheduled backup ${key} made${pruned.length ? `; removed ${pruned.join(", ")}` : ""}`);
    return key;
  }

  /** Runs `runAutomatic(keep)` at each UTC minute `cron` matches, until `close`. */
  schedule(cron: string | CronSchedule, keep: number) {
    const schedule = typeof cron === "string" ? parseCron(cron) : cron;
    const arm = () => {
      if (this.closed) return;
      const now = Date.now();
      // Wake just after the next minute starts; the timer never keeps the process alive.
      this.timer = setTimeout(
        () => {
          if (cronMatches(schedule, new Date())) {
            this.runAutomatic(keep).catch((error: unknown) =>
              console.error(`Scheduled backup failed: ${(error as Error).message}`),
            );
          }
          arm();
        },
        60_000 - (now % 60_000) + 50,
      );
      this.timer.unref();
    };
    arm();
  }

  /** Stops the schedule and waits for a running backup or restore to end. */
  async close() {
    this.closed = true;
    clearTimeout(this.timer);
    await this.active?.done;
  }
}
