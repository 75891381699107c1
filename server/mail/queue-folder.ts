import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomString } from "../core/random.ts";
import type { Logger } from "../tools/log.ts";
import type { QueuedMail } from "./message.ts";

// The queue folder (`DATA_DIR/mail-queue`, SMTP only): each message waits there as a JSON file
// from before its first try until the server accepts it, so a restart or a crash loses none.

/** Saves `mail` into `dir` (written aside, then renamed); returns the file's path. */
export function saveQueued(dir: string, mail: QueuedMail): string {
  mkdirSync(dir, { recursive: true });
  const name = `${mail.queuedAt.replace(/[:.]/g, "-")}-${randomString(6)}.json`;
  const file = path.join(dir, name);
  writeFileSync(`${file}.tmp`, JSON.stringify(mail));
  renameSync(`${file}.tmp`, file);
  return file;
}

/** The messages a previous run left in `dir`, oldest first (an unreadable one is skipped, on `log`). */
export function loadQueued(dir: string, log: Logger): { file: string; mail: QueuedMail }[] {
  if (!existsSync(dir)) return [];
  const found: { file: string; mail: QueuedMail }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (name.endsWith(".tmp")) {
      rmSync(file, { force: true }); // a write cut short: its message was never queued
      continue;
    }
    if (!name.endsWith(".json")) continue;
    try {
      found.push({ file, mail: JSON.parse(readFileSync(file, "utf8")) as QueuedMail });
    } catch (error) {
      log.error(`Skipping the unreadable queued mail ${file}: ${(error as Error).message}`);
    }
  }
  return found;
}

/** Removes a sent message's file. */
export function removeQueued(file: string) {
  rmSync(file, { force: true });
}
