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
  createWriteStream,
} from "node:fs";
import { open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type CronSchedule, parseCron, runOnSchedule } from "../tools/cron.ts";
import { ArchiveError, ArchiveLimitError, extractEntry, writeArchive } from "../tools/archive.ts";
import { InspectError, inspectSqlite } from "../tools/sqlite-inspect.ts";
import type { Logger } from "../tools/log.ts";
import { ident, param, raw, sql } from "../tools/sql.ts";
import { randomString } from "./random.ts";
import type { Collection } from "./collection-types.ts";
import type { SchemaOf } from "./search.ts";
import type { Store } from "./store.ts";
import { collectionsTable } from "./store/internal-tables.ts";
import { storeSchema } from "./store/schema-sync.ts";
import { formatDateTime } from "./values.ts";

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
const autoBackupPrefix = "@auto_pb_backup_";
/** The database's name inside an archive and in DATA_DIR. */
const databaseEntry = "data.db";

export const busyMessage = "Try again later - another backup/restore operation has already been started.";

/** Another backup or restore is running. */
export class BackupBusyError extends Error {
  constructor() {
    super(busyMessage);
  }
}

/** An archive that cannot be restored or stored; the message says why. */
export class InvalidBackupError extends Error {}

/** An uploaded file that is empty. */
export class EmptyUploadError extends InvalidBackupError {}

/** An uploaded file that is not a zip archive (its first bytes say so). */
export class NotAnArchiveError extends InvalidBackupError {}

/** The first `size` bytes of `file` (fewer when it is shorter). */
async function readHead(file: string, size: number): Promise<Buffer> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(size), 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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

/**
 * Removes a file or folder without holding the thread that answers requests: unlinking a large
 * file (a backup, a copy of the database) can take hundreds of milliseconds.
 */
function remove(target: string): Promise<void> {
  return rm(target, { recursive: true, force: true });
}

/** Deletes the automatic backups in `dir` beyond the `keep` newest; returns the deleted keys. */
export async function pruneAutoBackups(dir: string, keep: number): Promise<string[]> {
  const extra = listBackups(dir)
    .filter((b) => b.key.startsWith(autoBackupPrefix))
    .slice(Math.max(0, keep));
  for (const { key } of extra) await remove(path.join(dir, key));
  return extra.map((b) => b.key);
}

/**
 * How large a deflated `data.db` may declare itself (and so inflate to). Archives this server makes
 * store the database as it is, so this only bounds archives made elsewhere (PocketBase's deflate).
 */
const maxDatabaseSize = 8 * 1024 ** 3;
/**
 * How many times its compressed size a deflated `data.db` may declare: SQLite files deflate 5 to 20
 * times; a zip bomb's data goes up to 1,032 times.
 */
const maxCompressionRatio = 200;
/** How long the integrity check of an archived database may take before the archive is refused. */
const databaseCheckTimeout = 120_000;

/** SQLite's own tables, made by AUTOINCREMENT and ANALYZE (or `PRAGMA optimize`). */
const sqliteTables = new Set(["sqlite_sequence", "sqlite_stat1", "sqlite_stat4"]);

/**
 * Reads the 100-byte header of the database file `file`: refuses what is not SQLite, and a file
 * shorter than the pages it must hold (a bare header, a cut copy), before SQLite opens it.
 */
async function checkDatabaseHeader(file: string) {
  const handle = await open(file, "r");
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(100);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead < header.length || header.toString("latin1", 0, 16) !== "SQLite format 3\0") {
      throw new InvalidBackupError(`The archive's ${databaseEntry} is not a SQLite database.`);
    }
    const rawPageSize = header.readUInt16BE(16);
    const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) {
      throw new InvalidBackupError(
        `The archive's ${databaseEntry} has an invalid page size (${rawPageSize}).`,
      );
    }
    if (size < pageSize || size % pageSize !== 0) {
      throw new InvalidBackupError(
        `The archive's ${databaseEntry} is not a whole SQLite database (${size} bytes: not a whole number of its ${pageSize}-byte pages).`,
      );
    }
    // The page count in the header is only current when its "version valid for" matches the change counter.
    const pages = header.readUInt32BE(28);
    if (pages > 0 && header.readUInt32BE(92) === header.readUInt32BE(24) && pages * pageSize > size) {
      throw new InvalidBackupError(
        `The archive's ${databaseEntry} is truncated (its header counts ${pages} pages, the file holds ${size / pageSize}).`,
      );
    }
  } finally {
    await handle.close();
  }
}

/**
 * What the store never writes in a table's definition (its columns are plain, see values.ts), each
 * of which would act on the server's own later writes or reads much as a trigger would.
 */
const tableClauses: [RegExp, string][] = [
  [/\bREFERENCES\b/i, "a foreign key"],
  [/\bCHECK\b/i, "a CHECK constraint"],
  [/\bGENERATED\b|\bAS\s*\(/i, "a generated column"],
  [/\bCONFLICT\b/i, "an ON CONFLICT clause"],
];

/** `sql` with its quoted names and string literals blanked, so a column named "check" is no clause. */
function sqlOutsideQuotes(sql: string): string {
  return sql.replace(/"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]|'(?:[^']|'')*'/g, " ");
}

type SchemaObject = { type: string; name: string; table: string; sql: string | null };

/**
 * Why the schema objects `master` are not all ones the store makes for its collections
 * (`collections`: the archive's own definitions and this server's), or undefined when they are.
 * Views and triggers are never made: a trigger would run on the restored server's own writes.
 */
function unexpectedSchemaObject(
  master: SchemaObject[],
  collections: (SchemaOf & { indexes: string[] })[],
): string | undefined {
  const { tables, indexes, searchTables } = storeSchema(collections);
  const allowedTable = (name: string) => tables.has(name.toLowerCase());
  for (const object of master) {
    const name = object.name.toLowerCase();
    const table = object.table.toLowerCase();
    switch (object.type) {
      case "table":
        // A search index (core/search.ts): only exactly as the store makes it.
        if (searchTables.has(name) && searchTables.get(name) === object.sql) break;
        if (!allowedTable(name) && !sqliteTables.has(name)) {
          return `The database holds the table "${object.name}", which is none of its collections.`;
        }
        if (!/^\s*CREATE\s+TABLE\b/i.test(object.sql ?? "")) {
          return `The database holds "${object.name}" as a virtual table, which this server never makes.`;
        }
        if (!sqliteTables.has(name)) {
          const bare = sqlOutsideQuotes(object.sql ?? "");
          const clause = tableClauses.find(([pattern]) => pattern.test(bare));
          if (clause) {
            return `The database's table "${object.name}" has ${clause[1]}, which this server never makes.`;
          }
        }
        break;
      case "index":
        // SQLite's own index behind a PRIMARY KEY or UNIQUE column has no SQL.
        if (object.sql === null && name.startsWith("sqlite_autoindex_") && allowedTable(table)) break;
        {
          const declared = indexes.get(name);
          if (!declared || declared.table !== table || !allowedTable(table)) {
            return `The database holds the index "${object.name}" on "${object.table}", which no collection declares.`;
          }
          if (!declared.statements.has(object.sql ?? "")) {
            return `The database's index "${object.name}" is not the one its collection declares.`;
          }
        }
        break;
      case "view":
      case "trigger":
        return `The database holds the ${object.type} "${object.name}", and this server never makes ${object.type}s.`;
      default:
        return `The database holds "${object.name}" (${object.type}), which this server never makes.`;
    }
  }
  return undefined;
}

/**
 * Checks that the database file `file` is whole and one this server could have made: a SQLite
 * file SQLite finds intact (integrity check on a worker thread), this server's `_collections`
 * table with readable definitions, and nothing in its schema but the tables and indexes the store
 * makes for the archive's collections or `known` ones (no trigger, no view). An archive from an
 * older version, with fewer collections, passes; the start-up schema adds what it lacks.
 * Throws InvalidBackupError otherwise.
 */
export async function checkDatabase(file: string, known: Collection[]): Promise<void> {
  await checkDatabaseHeader(file);
  let report;
  try {
    report = await inspectSqlite(
      file,
      [
        raw(`SELECT "type", "name", "tbl_name", "sql" FROM "sqlite_master"`),
        sql`SELECT "name" FROM pragma_table_info(${param(collectionsTable)})`,
        // A definition is a few KiB: a larger one is not parsed on the main thread, only refused.
        sql`SELECT CASE WHEN length("data") <= 1048576 THEN "data" END AS "data" FROM ${ident(collectionsTable)}`,
      ],
      { timeout: databaseCheckTimeout },
    );
  } catch (error) {
    if (error instanceof InspectError) {
      throw new InvalidBackupError(`The database cannot be read: ${error.message}.`);
    }
    throw error;
  }
  if (report.integrity.length !== 1 || report.integrity[0] !== "ok") {
    throw new InvalidBackupError("The database fails SQLite's integrity check.");
  }
  const rows = (index: number) => {
    const result = report.results[index]!;
    if ("error" in result) throw new InvalidBackupError(`The database is unreadable: ${result.error}.`);
    return result.rows;
  };
  const columns = new Set(rows(1).map((row) => String(row.name)));
  if (!columns.has("id") || !columns.has("name") || !columns.has("data")) {
    throw new InvalidBackupError("The database is not one of this server's (no _collections definitions).");
  }
  const [master, definitions] = [rows(0), rows(2)];
  const archived: (SchemaOf & { indexes: string[] })[] = [];
  for (const row of definitions) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(row.data));
    } catch {
      parsed = undefined;
    }
    const collection = (parsed && typeof parsed === "object" ? parsed : {}) as {
      name?: unknown;
      fields?: unknown;
      indexes?: unknown;
    };
    const indexes = collection.indexes ?? [];
    if (
      typeof collection.name !== "string" ||
      !/^\w+$/.test(collection.name) ||
      !Array.isArray(collection.fields) ||
      !Array.isArray(indexes) ||
      // Index statements are parsed with a regular expression: a long one is no index of ours.
      !indexes.every((sql) => typeof sql === "string" && sql.length <= 4096)
    ) {
      throw new InvalidBackupError("The database holds an unreadable collection definition.");
    }
    const fields = (collection.fields as unknown[]).flatMap((field) =>
      field && typeof field === "object" && typeof (field as { name?: unknown }).name === "string"
        ? [{ name: (field as { name: string }).name }]
        : [],
    );
    archived.push({ name: collection.name, fields, indexes });
  }
  const problem = unexpectedSchemaObject(
    master.map((row) => ({
      type: String(row.type),
      name: String(row.name),
      table: String(row.tbl_name),
      sql: row.sql === null ? null : String(row.sql),
    })),
    [...archived, ...known],
  );
  if (problem) throw new InvalidBackupError(problem);
}

/**
 * Extracts the `data.db` of the zip file `archive` to `target` (streaming; a deflated entry is held
 * to its declared size, `maxDatabaseSize` and `maxCompressionRatio`) and checks it with
 * `checkDatabase`. Throws InvalidBackupError when the archive is not a restorable backup.
 */
export async function extractDatabase(archive: string, target: string, known: Collection[]): Promise<void> {
  let entry;
  try {
    entry = await extractEntry(archive, databaseEntry, target, {
      maxSize: maxDatabaseSize,
      maxRatio: maxCompressionRatio,
    });
  } catch (error) {
    if (error instanceof ArchiveLimitError)
      throw new InvalidBackupError(`The archive is refused: ${error.message}.`);
    if (error instanceof ArchiveError)
      throw new InvalidBackupError(`The archive is unreadable: ${error.message}.`);
    throw error;
  }
  if (!entry) throw new InvalidBackupError(`The archive holds no ${databaseEntry}.`);
  await checkDatabase(target, known);
}

export type BackupsOptions = {
  /** For the names of scheduled backups. */
  appName: string;
  log: Logger;
  /**
   * Makes a restored database current before it replaces the live one (the app applies its
   * start-up schema to it, off the main thread): `dataDir` holds it as `data.db`.
   */
  prepareRestore?: (dataDir: string) => Promise<void>;
};

/**
 * The backups of one data folder: one operation (backup or restore) at a time, like PocketBase's
 * "active backup" flag; listing, downloading, uploading and deleting run alongside.
 */
export class Backups {
  readonly dir: string;
  private active: { key: string; done: Promise<unknown> } | null = null;
  private stopSchedule: () => void = () => {};
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
        // On a reader thread with its own connection: the copy never holds the thread that answers pages.
        await this.store.reader.copy(this.store.file, copy);
        const zip = path.join(work, "archive.zip");
        await writeArchive(zip, [{ name: databaseEntry, path: copy }]);
        renameSync(zip, target);
        fsyncPath(this.dir);
      } finally {
        await remove(work);
      }
      return name;
    });
  }

  /**
   * Stores the archive `source` streams as `key` (written to disk as it arrives, never held in
   * memory) once it passes the checks a restore makes (`extractDatabase`): a backup that could
   * never be restored is refused now, not on the day it is needed. Throws EmptyUploadError for an
   * empty file, NotAnArchiveError when it is not a zip, InvalidBackupError otherwise.
   */
  async upload(key: string, source: Readable): Promise<void> {
    if (!isBackupKey(key)) throw new InvalidBackupError(`Invalid backup name ${key}.`);
    mkdirSync(this.dir, { recursive: true });
    // Never listed (not a key), and unique, so two uploads of one name never write the same file.
    const part = path.join(this.dir, `${key}.${randomString(8)}.part`);
    const work = mkdtempSync(path.join(this.dataDir, ".pb_temp_upload_"));
    try {
      await pipeline(source, createWriteStream(part, { flush: true }));
      const head = await readHead(part, 4);
      if (head.length === 0) throw new EmptyUploadError();
      if (head.length < 4 || head.readUInt32LE(0) !== 0x04034b50) throw new NotAnArchiveError();
      await extractDatabase(part, path.join(work, databaseEntry), this.store.collections());
      renameSync(part, path.join(this.dir, key));
      fsyncPath(this.dir);
    } finally {
      await remove(part);
      await remove(work);
    }
  }

  /** Deletes backup `key`; false when there is no such backup. */
  async delete(key: string): Promise<boolean> {
    const file = this.file(key);
    if (!file) return false;
    await remove(file);
    return true;
  }

  /**
   * Replaces the database with the one in backup `key`. The archive's database is extracted beside
   * the live one (same folder, same file system), synced and checked (`extractDatabase`: size
   * limits, SQLite integrity check, this server's tables and indexes only); only then is the store closed, the new file renamed over
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
        await extractDatabase(archive, candidate, this.store.collections());
        try {
          await this.options.prepareRestore?.(work);
        } catch (error) {
          throw new InvalidBackupError(
            `The start-up schema does not apply to it: ${(error as Error).message}.`,
          );
        }
        // The check or the preparation may have left an empty WAL and its index beside the copy.
        for (const suffix of ["-wal", "-shm"]) rmSync(candidate + suffix, { force: true });
        fsyncPath(candidate);
        this.swapDatabase(candidate, path.join(work, "previous.db"));
      } finally {
        await remove(work);
      }
      this.options.log.info(`Restored the backup ${key}`);
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
  }

  /** Makes an automatic backup now and prunes the automatic ones beyond `keep`. */
  async runAutomatic(keep: number): Promise<string | undefined> {
    if (this.active) {
      this.options.log.info("Scheduled backup skipped: another backup/restore operation is running");
      return undefined;
    }
    const key = await this.create(autoBackupName(this.options.appName));
    const pruned = await pruneAutoBackups(this.dir, keep);
    this.options.log.info(
      `Scheduled backup ${key} made${pruned.length ? `; removed ${pruned.join(", ")}` : ""}`,
    );
    return key;
  }

  /** Runs `runAutomatic(keep)` at each UTC minute `cron` matches, until `close`. */
  schedule(cron: string | CronSchedule, keep: number) {
    if (this.closed) return;
    this.stopSchedule = runOnSchedule(typeof cron === "string" ? parseCron(cron) : cron, () => {
      this.runAutomatic(keep).catch((error: unknown) =>
        this.options.log.error(`Scheduled backup failed: ${(error as Error).message}`),
      );
    });
  }

  /** Stops the schedule and waits for a running backup or restore to end. */
  async close() {
    this.closed = true;
    this.stopSchedule();
    await this.active?.done;
  }
}
