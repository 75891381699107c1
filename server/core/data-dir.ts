import { closeSync, mkdirSync, openSync, statSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { getSystemErrorMessage } from "node:util";

/** A start-up failure whose message is the whole line the operator reads (it names the path). */
export class StartupError extends Error {}

/** The file a running server holds locked in DATA_DIR (see `lockDataDir`). */
const lockFileName = "server.lock";

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

function mkdirOnce(dir: string) {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * `mkdir -p` that fails rather than spins. Node's `mkdirSync(dir, { recursive: true })` reads ENOENT
 * as "the parent is missing", creates the parent (EEXIST) and tries the child again, for ever, when
 * the parent exists but refuses children: /proc and /sys answer ENOENT, so `DATA_DIR=/proc/x` hung
 * at 100 % CPU without a word. Here an ENOENT whose parent is a folder is final.
 */
export function makeFolder(dir: string) {
  try {
    mkdirOnce(dir);
  } catch (error) {
    const parent = path.dirname(dir);
    if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === dir || isFolder(parent)) throw error;
    makeFolder(parent);
    mkdirOnce(dir);
  }
}

/** `EACCES: permission denied` for a system error; the message for anything else. */
function cause(error: unknown): string {
  const { code, errno } = error as NodeJS.ErrnoException;
  return code && errno ? `${code}: ${getSystemErrorMessage(errno)}` : (error as Error).message;
}

/**
 * Creates DATA_DIR when missing and checks that the server can write in it, before SQLite sees it;
 * throws a StartupError naming the folder and the cause.
 */
export function prepareDataDir(dir: string) {
  try {
    makeFolder(dir);
  } catch (error) {
    const { code, path: failed = dir } = error as NodeJS.ErrnoException;
    const parent = path.dirname(failed);
    // "No such file or directory" would send the operator looking for a missing parent.
    const why =
      code === "ENOENT" && isFolder(parent) ? `ENOENT: ${parent} accepts no new folders` : cause(error);
    throw new StartupError(`DATA_DIR ${dir} cannot be created (${why})`);
  }
  if (!isFolder(dir)) throw new StartupError(`DATA_DIR ${dir} is not a folder`);
  // A real write rather than access(W_OK): root passes every permission check, and a read-only
  // mount or a pseudo file system only refuses the write itself. Opening for append creates the
  // lock file when missing and leaves an existing one (maybe a running server's) untouched.
  try {
    closeSync(openSync(path.join(dir, lockFileName), "a"));
  } catch (error) {
    throw new StartupError(`DATA_DIR ${dir} is not writable (${cause(error)})`);
  }
}

const busy = 5; // SQLITE_BUSY

function isBusy(error: unknown): boolean {
  return (error as { errcode?: number }).errcode === busy;
}

/**
 * Takes the lock that keeps a second server off DATA_DIR; returns its release. The lock is SQLite's
 * own write lock on `DATA_DIR/server.lock`, held by an open transaction for the life of the
 * process: an OS file lock, so the kernel drops it when the process dies, even by `kill -9`, and a
 * crash never blocks the restart (a pid file could name a pid reused since). The file stays; the
 * lock is the open transaction, not the file. It also records the holder's pid for the refusal.
 * Only the server takes it: `npm run superuser` works beside a running server.
 */
export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, lockFileName);
  let db: DatabaseSync | undefined;
  try {
    // No busy timeout for the first step: a lock held by a running server is an answer, not a wait.
    db = new DatabaseSync(file, { timeout: 0 });
    try {
      db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      if (!isBusy(error)) throw error;
      const pid = holder(db);
      throw new StartupError(`DATA_DIR ${dir} is in use by another server${pid ? ` (pid ${pid})` : ""}`);
    }
    // The pid must be committed to be readable by a second server; committing ends the transaction,
    // so the lock is taken again at once. Both steps may wait briefly for a second server reading the pid.
    db.exec(`PRAGMA busy_timeout = 2000`);
    db.exec(`CREATE TABLE IF NOT EXISTS "holder" ("pid" INTEGER NOT NULL)`);
    db.exec(`DELETE FROM "holder"`);
    db.prepare(`INSERT INTO "holder" ("pid") VALUES (?)`).run(process.pid);
    db.exec("COMMIT");
    db.exec("BEGIN IMMEDIATE");
  } catch (error) {
    if (db?.isOpen) db.close();
    if (error instanceof StartupError) throw error;
    if (isBusy(error)) throw new StartupError(`DATA_DIR ${dir} is in use by another server`);
    throw new StartupError(`the lock file ${file} cannot be used (${(error as Error).message})`);
  }
  const held = db;
  return () => {
    if (held.isOpen) held.close();
  };
}

/** The pid the lock file names, read while another server holds the lock (SQLite lets readers in). */
function holder(db: DatabaseSync): number | undefined {
  try {
    db.exec(`PRAGMA busy_timeout = 2000`);
    const row = db.prepare(`SELECT "pid" FROM "holder"`).get();
    return row ? Number(row.pid) : undefined;
  } catch {
    return undefined;
  }
}
