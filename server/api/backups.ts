import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { inspect } from "node:util";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { Hono } from "hono";
import { secondFactorRequiredMessage } from "#shared/superuser-second-factor.ts";
import { carriedClaims, findAuthRecordByToken, isSuperuserAuth, newRecordToken } from "../core/auth.ts";
import {
  BackupBusyError,
  backupNamePattern,
  type Backups,
  busyMessage,
  EmptyUploadError,
  InvalidBackupError,
  NotAnArchiveError,
  isBackupKey,
} from "../core/backups.ts";
import { fieldErrors } from "../forms/validation.ts";
import { ApiError } from "./api-error.ts";
import { type ApiContext, type ApiEnv, authOf, bindStrings, lacksSecondFactor, sendJson } from "./context.ts";
import { limitBody, rateLimit, requireAuth, requireSuperuser } from "./middlewares.ts";

/**
 * Largest accepted backup upload by default (streamed to disk as it arrives, then checked there: the
 * database inside is inflated as a stream, within core/backups.ts's limits).
 */
const defaultBackupUploadLimit = 1024 * 1024 * 1024;

const validationMessage = "An error occurred while validating the submitted data.";

const fileRequired = () => new ApiError(400, validationMessage, { file: fieldErrors.required() });

/**
 * Hands the multipart `file` of an upload to `store` as a stream while the body arrives (busboy
 * parses it chunk by chunk): an archive of any size is never held in memory, and parsing it never
 * holds the thread that answers pages. Over `limit` bytes answers 413; no `file` part, 400.
 */
function streamUpload(
  c: ApiContext,
  limit: number,
  store: (name: string, file: Readable) => Promise<void>,
): Promise<void> {
  // Not Hono's bodyLimit: it holds a body sent without a length in memory, whole.
  if (Number(c.req.header("content-length") ?? 0) > limit) return Promise.reject(new ApiError(413));
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (!body || !/^multipart\/form-data/i.test(type)) return Promise.reject(fileRequired());
  return new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": type },
        // The name as sent is checked (`../x.zip` is refused), never cut down to a base name.
        preservePath: true,
        limits: { files: 1, fileSize: limit, parts: 10, fields: 8, fieldSize: 1024 },
      });
    } catch {
      reject(fileRequired());
      return;
    }
    // What `store` did with the file: settled as soon as it is known, answered once the body is read.
    let stored: Promise<{ error?: unknown }> | undefined;
    let tooLarge = false;
    parser.on("file", (field, file, info) => {
      if (field !== "file" || stored) {
        file.resume();
        return;
      }
      file.on("limit", () => (tooLarge = true));
      stored = store(info.filename, file).then(
        () => ({}),
        (error: unknown) => {
          // Refused before the end (a bad name): the rest is still read, so the answer can be sent.
          file.resume();
          return { error };
        },
      );
    });
    pipeline(Readable.fromWeb(body as NodeReadableStream), parser).then(
      async () => {
        if (!stored) return reject(fileRequired());
        const { error } = await stored;
        if (tooLarge) reject(new ApiError(413));
        else if (error) reject(error);
        else resolve();
      },
      // A malformed body, or the client went away: `store` removes whatever it wrote.
      (error: unknown) => reject(error instanceof ApiError ? error : fileRequired()),
    );
  });
}

/**
 * `POST /api/files/token`: a short-lived `file` token for the authenticated record (PocketBase's),
 * with the `mfa` claim when the request's token has it (a backup download needs it then).
 */
export const fileToken = new Hono<ApiEnv>().post("/files/token", rateLimit, limitBody, requireAuth, (c) => {
  const auth = authOf(c)!;
  const token = newRecordToken(c.get("ctx").store, auth.collection, auth.record, "file", carriedClaims(auth));
  return sendJson(c, 200, { token });
});

/** PocketBase's backups API over `backups` (every route superuser-only; downloads take a file token). */
export function backupsApi(backups: Backups, uploadLimit = defaultBackupUploadLimit) {
  return (
    new Hono<ApiEnv>()
      .get("/backups", rateLimit, requireSuperuser, (c) => {
        return sendJson(c, 200, backups.list());
      })
      .post("/backups", rateLimit, limitBody, requireSuperuser, async (c) => {
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
          c.get("ctx").log.error(inspect(error));
          throw new ApiError(400, "Failed to create backup.");
        }
        return c.body(null, 204);
      })
      // Archives have their own, larger limit (`streamUpload`), not `limitBody`.
      .post("/backups/upload", rateLimit, requireSuperuser, async (c) => {
        const invalid = (code: string, message: string) =>
          new ApiError(400, validationMessage, { file: { code, message } });
        await streamUpload(c, uploadLimit, async (name, file) => {
          if (!isBackupKey(name) || !name.endsWith(".zip")) {
            throw invalid(
              "validation_invalid_backup_name",
              "The file name may only hold letters, digits, @, _, - and . and must end with .zip.",
            );
          }
          if (backups.file(name)) {
            throw invalid(
              "validation_backup_name_exists",
              "Backup file with the specified name already exists.",
            );
          }
          try {
            await backups.upload(name, file);
          } catch (error) {
            if (error instanceof EmptyUploadError) throw fileRequired();
            if (error instanceof NotAnArchiveError) {
              throw invalid(
                "validation_invalid_mime_type",
                `"${name}" mime type must be one of: application/zip.`,
              );
            }
            if (error instanceof InvalidBackupError)
              throw invalid("validation_invalid_backup", error.message);
            throw error;
          }
        });
        return c.body(null, 204);
      })
      // Authorized by a superuser file token in `?token=`, as links and downloads cannot send headers.
      .get("/backups/:key", rateLimit, (c) => {
        const token = c.req.query("token") ?? "";
        const ctx = c.get("ctx");
        const auth = token ? findAuthRecordByToken(ctx.store, token, "file") : undefined;
        if (!isSuperuserAuth(auth)) {
          throw new ApiError(403, "Insufficient permissions to access the resource.");
        }
        if (lacksSecondFactor(ctx, auth)) throw new ApiError(403, secondFactorRequiredMessage);
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
      .delete("/backups/:key", rateLimit, limitBody, requireSuperuser, async (c) => {
        const key = c.req.param("key");
        if (key === backups.activeKey) {
          throw new ApiError(400, "The backup is currently being used and cannot be deleted.");
        }
        if (!(await backups.delete(key))) throw new ApiError(404);
        return c.body(null, 204);
      })
      .post("/backups/:key/restore", rateLimit, limitBody, requireSuperuser, async (c) => {
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
