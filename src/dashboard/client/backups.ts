import type PocketBase from "pocketbase";
import { attempt } from "#src/auth/action-error.ts";
import type { ActionResult } from "#src/forms/action-result.ts";
import { actionFailed, loadFailed } from "./common.ts";

/** The backups: PocketBase's backup endpoints, through the SDK. */

export type Backup = { key: string; size: number; modified: string };

export async function listBackups(pb: PocketBase): Promise<ActionResult<Backup[]>> {
  return attempt(() => pb.backups.getFullList({ requestKey: null }), loadFailed);
}

export async function createBackup(pb: PocketBase, name: string): Promise<ActionResult> {
  const trimmed = name.trim();
  return attempt(async () => {
    await pb.backups.create(trimmed ? (trimmed.endsWith(".zip") ? trimmed : `${trimmed}.zip`) : "");
    return undefined;
  }, actionFailed);
}

/** A download address for one backup, with a file token valid for a few minutes. */
export async function backupDownloadUrl(pb: PocketBase, key: string): Promise<ActionResult<string>> {
  return attempt(async () => pb.backups.getDownloadURL(await pb.files.getToken(), key), actionFailed);
}

export async function restoreBackup(pb: PocketBase, key: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.backups.restore(key);
    return undefined;
  }, actionFailed);
}

export async function deleteBackup(pb: PocketBase, key: string): Promise<ActionResult> {
  return attempt(async () => {
    await pb.backups.delete(key);
    return undefined;
  }, actionFailed);
}

export async function uploadBackup(pb: PocketBase, file: File): Promise<ActionResult> {
  return attempt(async () => {
    const body = new FormData();
    body.append("file", file);
    await pb.backups.upload(body);
    return undefined;
  }, actionFailed);
}
