import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { findAuthRecordByToken, isSuperuserAuth, newRecordToken } from "../core/auth.ts";
import {
  BackupBusyError,
  backupNamePattern,
  type Backups,
  busyMessage,
  InvalidBackupError,
  isBackupKey,
} from "../core/backups.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, authOf, bindStrings, isSuperuser, sendJson } from "./context.ts";

/**
 * Largest accepted backup upload (the body is read into memory, then written to disk and checked
 * there: the database inside is inflated as a stream, within core/backups.ts's limits).
 */
export const backupUploadLimit = 1024 * 1024 * 1024;

const validationMessage = "An error occurred while validating the submitted data.";

/** PocketBase's `RequireSuperuserAuth`: guests 401, other auth records 403. */
function requireSuperuser(c: ApiContext) {
  if (!authOf(c)) throw new ApiError(401, "The request requires valid record authorization token.");
  if (!isSuperuser(c))
    throw new ApiError(403, "The authorized record is not allowed to perform this action.");
}

/** `POST /api/files/token`: a short-lived `file` token for the authenticated record (PocketBase's). */
export const fileToken = new Hono<ApiEnv>().post("/files/token", (c) => {
  const auth = authOf(c);
  if (!auth) throw new ApiError(401, "The request requires valid record authorization token.");
  const token = newRecordToken(c.get("ctx").store, auth.collection, auth.record, "file");
  return sendJson(c, 200, { token });
});

/** PocketBase's backups API over `backups` (every route superuser-only; downloads take a file token). */
export function backupsApi(backups: Backups) {
  return (
    new Hono<ApiEnv>()
      .get("/backups", (c) => {
        requireSuperuser(c);
        return sendJson(c, 200, backups.list());
      })
      .post("/backups", async (c) => {
        requireSuperuser(c);
        if (backups.activeKey) throw new ApiError(400, busyMessage);
        const { name } = await bindStrings(c, ["name"]);
        if (name !== "") {
          let error;
          if (name.length > 150) error = fieldErrors.length(1, 150);
          else if (!backupNamePattern.test(name))
            error = { code: "validation_match_invalid", message: "Must be in a valid format." };
          else if (backups.file(name))
            error = {
              code: "validation_backup_name_exists",
              message: "The backup file name is invalid or already exists.",
            };
          if (error) throw new ApiError(400, validationMessage, { name: error });
        }
        try {
          await backups.create(name || undefined);
        } catch (error) {
          if (error instanceof BackupBusyError) throw new ApiError(400, busyMessage);
          console.error(error);
          throw new ApiError(400, "Failed to create backup.");
        }
        return c.body(null, 204);
      })
      .post(
        "/backups/upload",
        async (c, next) => {
          requireSuperuser(c);
          await next();
        },
        bodyLimit({
          maxSize: backupUploadLimit,
          onError: () => {
            throw new ApiError(413);
          },
        }),
        async (c) => {
          let form: Record<string, unknown>;
          try {
            form = (await c.req.parseBody()) as Record<string, unknown>;
          } catch (error) {
            if (error instanceof ApiError) throw error;
            form = {};
          }
          const file = form.file;
          if (!(file instanceof File) || file.size === 0) {
            throw new ApiError(400, validationMessage, { file: fieldErrors.required() });
          }
          const invalid = (code: string, message: string) =>
            new ApiError(400, validationMessage, { file: { code, message } });
          if (!isBackupKey(file.name) || !file.name.endsWith(".zip")) {
            throw invalid(
              "validation_invalid_backup_name",
              "The file name may only hold letters, digits, @, _, - and . and must end with .zip.",
            );
          }
          if (backups.file(file.name)) {
            throw invalid(
              "validation_backup_name_exists",
              "Backup file with the specified name already exists.",
            );
          }
          const bytes = Buffer.from(await file.arrayBuffer());
          if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
            throw invalid(
              "validation_invalid_mime_type",
              `"${file.name}" mime type must be one of: application/zip.`,
            );
          }
          try {
            await backups.upload(file.name, bytes);
          } catch (error) {
            if (error instanceof InvalidBackupError)
              throw invalid("validation_invalid_backup", error.message);
            throw error;
          }
          return c.body(null, 204);
        },
      )
      // Authorized by a superuser file token in `?token=`, as links and downloads cannot send headers.
      .get("/backups/:key", (c) => {
        const token = c.req.query("token") ?? "";
        const auth = token ? findAuthRecordByToken(c.get("ctx").store, token, "file") : undefined;
        if (!isSuperuserAuth(auth)) {
          throw new ApiError(403, "Insufficient permissions to access the resource.");
        }
        const key = c.req.param("key");
        const file = backups.file(key);
        if (!file) throw new ApiError(404);
        const size = statSync(file).size;
        const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
        return c.body(stream, 200, {
          "Content-Type": "application/zip",
          "Content-Length": String(size),
          "Content-Disposition": `attachment; filename="${key}"`,
          "Cache-Control": "no-store",
          "Content-Security-Policy": "default-src 'none'; sandbox",
        });
      })
      .delete("/backups/:key", (c) => {
        requireSuperuser(c);
        const key = c.req.param("key");
        if (key === backups.activeKey) {
          throw new ApiError(400, "The backup is currently being used and cannot be deleted.");
        }
        if (!backups.delete(key)) throw new ApiError(404);
        return c.body(null, 204);
      })
      .post("/backups/:key/restore", async (c) => {
        requireSuperuser(c);
        if (backups.activeKey) throw new ApiError(400, busyMessage);
        const key = c.req.param("key");
        if (!backups.file(key)) throw new ApiError(400, "Missing or invalid backup file.");
        try {
          await backups.restore(key);
        } catch (error) {
          if (error instanceof BackupBusyError) throw new ApiError(400, busyMessage);
          if (error instanceof InvalidBackupError)
            throw new ApiError(400, `Failed to restore the backup. ${error.message}`);
          throw error;
        }
        return c.body(null, 204);
      })
  );
}
