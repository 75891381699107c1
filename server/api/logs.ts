import { Hono, type MiddlewareHandler } from "hono";
import type { SQLInputValue } from "node:sqlite";
import {
  compileExpression,
  compileSort,
  exceedsMaxFilterLength,
  FilterError,
  type Collection,
  type CompileOptions,
} from "../core/filter/index.ts";
import { parse, type Expr } from "../core/filter/parser.ts";
import { macroValue } from "../core/filter/resolver.ts";
import type { OperandToken } from "../core/filter/tokenizer.ts";
import { logLevels, type RequestLogs } from "../core/request-logs.ts";
import { ApiError } from "./api-error.ts";
import {
  type ApiContext,
  type ApiEnv,
  type AppContext,
  authOf,
  clientIp,
  isSuperuser,
  queryOf,
  sendJson,
} from "./context.ts";
import { listPaging } from "./list-query.ts";

// Request logs: every `/api/**` request is recorded (PocketBase's activity logger), and superusers
// read them with PocketBase's logs API (`GET /api/logs`, `/api/logs/stats`, `/api/logs/{id}`).

// ------------------------------------------------------------------------------------------------
// Recording

/** Requests whose success is not logged (PocketBase's `SkipSuccessActivityLog`: reading the logs). */
const skipSuccess = new WeakSet<Request>();

/**
 * Query parameter names whose values are never logged: tokens, passwords and anything secret-like
 * (a false match only hides a harmless value).
 */
const secretName = /token|pass|secret|key|otp|code|auth|session|sig|credential|jwt|cookie|hash|salt|nonce/i;

/** A JWT anywhere in a URL (a token pasted into a path or an unexpected parameter). */
const jwtPattern = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

export const maskedValue = "*****";

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll("+", " "));
  } catch {
    return name;
  }
}

/**
 * A URL (path and query, or a full referer) as it may be logged: values of secret-like parameters
 * and anything shaped like a JWT replaced with `*****`; the fragment dropped.
 */
export function maskUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const start = withoutHash.indexOf("?");
  let masked = withoutHash;
  if (start >= 0) {
    const query = withoutHash
      .slice(start + 1)
      .split("&")
      .map((pair) => {
        const equals = pair.indexOf("=");
        if (equals < 0) return pair;
        return secretName.test(decodeName(pair.slice(0, equals)))
          ? `${pair.slice(0, equals)}=${maskedValue}`
          : pair;
      })
      .join("&");
    masked = `${withoutHash.slice(0, start)}?${query}`;
  }
  return masked.replace(jwtPattern, maskedValue);
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function unescapePath(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function socketAddress(c: ApiContext): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "";
}

/**
 * Records each API request once it is answered: method, URL without secrets, status, exec time,
 * client IP (the rate limiter's), auth collection and id, user agent, referer. Never bodies or
 * headers such as Authorization. A logging failure never fails the request.
 */
export function requestLogger(logs: RequestLogs, ctx: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (!logs.enabled) return next();
    const started = performance.now();
    // `clientIp` reads the trusted proxy setting from here, set also when an early error
    // (a CORS preflight, a body over the limit) skips the middleware that normally sets it.
    if (!c.get("ctx")) c.set("ctx", ctx);
    await next();
    try {
      const error = c.error;
      if (!error && skipSuccess.has(c.req.raw)) return;
      const status = c.res.status;
      const raw = c.req.url;
      const url = cut(maskUrl(raw.slice(raw.indexOf("/", raw.indexOf("//") + 2))), 3000);
      const method = cut(c.req.method.toUpperCase(), 50);
      const auth = authOf(c);
      const data: Record<string, unknown> = {
        type: "request",
        execTime: Math.round((performance.now() - started) * 1000) / 1000,
        url,
        method,
        status,
        referer: cut(maskUrl(c.req.header("referer") ?? ""), 2000),
        userAgent: cut(c.req.header("user-agent") ?? "", 2000),
        auth: auth ? auth.collection.name : "",
        authId: auth ? String(auth.record.id ?? "") : "",
        userIP: clientIp(c),
        remoteIP: socketAddress(c),
      };
      if (error) {
        data.error = error.message;
        const details = error instanceof ApiError ? error.data : undefined;
        data.details = details && Object.keys(details).length > 0 ? details : null;
      }
      logs.add({
        level: status >= 400 ? logLevels.error : logLevels.info,
        message: `${method} ${unescapePath(url)}`,
        data,
      });
    } catch (error) {
      console.error("request log failed:", (error as Error).message);
    }
  };
}

// ------------------------------------------------------------------------------------------------
// Reading

/** The `_logs` table as a collection, so the filter and sort compiler works on it. */
const logsCollection: Collection = {
  id: "_logs",
  name: "_logs",
  type: "base",
  listRule: null,
  viewRule: null,
  createRule: null,
  updateRule: null,
  deleteRule: null,
  fields: [
    { id: "id", name: "id", type: "text", system: true, primaryKey: true },
    { id: "created", name: "created", type: "date", system: true },
    { id: "level", name: "level", type: "number", system: true },
    { id: "message", name: "message", type: "text", system: true },
    { id: "data", name: "data", type: "json", system: true },
  ],
  indexes: [],
};

const compileOptions: Omit<CompileOptions, "mode"> = {
  collection: logsCollection,
  findCollection: (idOrName) =>
    idOrName === logsCollection.id || idOrName === logsCollection.name ? logsCollection : undefined,
  request: { auth: null, body: {}, query: {}, headers: {}, method: "GET", context: "default" },
  alias: "r",
  isSuperuser: true,
};

/** The fields PocketBase lets a logs filter or sort name. */
const allowedField = /^(id|created|level|message|data|data\.[\w.:]*\w+)$/;
const literals = new Set(["null", "true", "false"]);

function checkOperand(token: OperandToken) {
  if (token.type === "function") token.args.forEach(checkOperand);
  if (token.type !== "identifier") return;
  const name = token.value;
  if (allowedField.test(name) || literals.has(name.toLowerCase()) || macroValue(name) !== undefined) return;
  throw new FilterError(`failed to resolve field "${name}"`);
}

function checkFields(expr: Expr) {
  if (expr.type === "compare") {
    checkOperand(expr.left);
    checkOperand(expr.right);
  } else {
    checkFields(expr.left);
    checkFields(expr.right);
  }
}

/** A logs `filter` as SQL over `"_logs" "r"`; throws FilterError. */
function filterSql(filter: string) {
  if (exceedsMaxFilterLength(filter)) throw new FilterError("max filter length limit reached");
  checkFields(parse(filter));
  return compileExpression(filter, { ...compileOptions, mode: "filter" });
}

function sortSql(sort: string) {
  for (const item of sort.split(",")) {
    const name = item.trim().replace(/^[-+]/, "");
    if (name !== "@random" && name !== "@rowid" && !allowedField.test(name)) {
      throw new FilterError(`invalid sort field "${name}"`);
    }
  }
  return compileSort(sort, compileOptions);
}

/** A stored row as PocketBase's Log model answers it (plus `updated`, which the SDK's type lists). */
function exportLog(row: Record<string, SQLInputValue>) {
  let data: unknown = {};
  try {
    data = JSON.parse(String(row.data ?? "{}"));
  } catch {
    // a row written by something else: shown without its data
  }
  return {
    id: row.id,
    created: row.created,
    data,
    message: row.message,
    level: row.level,
    updated: row.created,
  };
}

/** PocketBase's `RequireSuperuserAuth`: 401 for guests, 403 for any other auth record. */
function requireSuperuser(c: ApiContext) {
  skipSuccess.add(c.req.raw);
  if (!authOf(c)) throw new ApiError(401, "The request requires valid record authorization token.");
  if (!isSuperuser(c))
    throw new ApiError(403, "The authorized record is not allowed to perform this action.");
}

/** `GET /api/logs`, `GET /api/logs/stats`, `GET /api/logs/{id}` (superusers). */
export function logsApi(logs: RequestLogs) {
  return new Hono<ApiEnv>()
    .get("/logs", (c) => {
      requireSuperuser(c);
      const query = queryOf(c);
      const { page, perPage, skipTotal: skip } = listPaging(query);
      let rows: Record<string, SQLInputValue>[];
      let total = -1;
      try {
        const where = query.filter?.trim() ? filterSql(query.filter) : { sql: "1=1", params: [] };
        const order = query.sort?.trim() ? sortSql(query.sort) : { sql: "", params: [] };
        rows = logs.all(
          `SELECT "r".* FROM "_logs" "r" WHERE ${where.sql}${order.sql ? ` ORDER BY ${order.sql}` : ""} LIMIT ? OFFSET ?`,
          [...where.params, ...order.params, perPage, (page - 1) * perPage],
        );
        if (!skip) {
          total = Number(
            logs.all(`SELECT count(*) AS "n" FROM "_logs" "r" WHERE ${where.sql}`, where.params)[0]!.n,
          );
        }
      } catch (error) {
        if (!(error instanceof FilterError)) console.error("logs query failed:", (error as Error).message);
        throw new ApiError(400);
      }
      return sendJson(
        c,
        200,
        {
          page,
          perPage,
          totalItems: total,
          totalPages: skip ? -1 : Math.ceil(total / perPage),
          items: rows.map(exportLog),
        },
        { list: true },
      );
    })
    .get("/logs/stats", (c) => {
      requireSuperuser(c);
      const filter = queryOf(c).filter ?? "";
      let where = { sql: "1=1", params: [] as (string | number | null)[] };
      if (filter !== "") {
        try {
          where = filterSql(filter);
        } catch {
          throw new ApiError(400, "Invalid filter format.");
        }
      }
      let rows: Record<string, SQLInputValue>[];
      try {
        rows = logs.all(
          `SELECT count("r"."id") AS "total", strftime('%Y-%m-%d %H:00:00', "r"."created") AS "date" FROM "_logs" "r" WHERE ${where.sql} GROUP BY "date" ORDER BY "date"`,
          where.params,
        );
      } catch {
        throw new ApiError(400, "Failed to generate logs stats.");
      }
      return sendJson(
        c,
        200,
        rows.map((row) => ({ date: row.date ? `${String(row.date)}.000Z` : "", total: Number(row.total) })),
      );
    })
    .get("/logs/:id", (c) => {
      requireSuperuser(c);
      const row = logs.all(`SELECT * FROM "_logs" WHERE "id" = ? LIMIT 1`, [c.req.param("id")])[0];
      if (!row) throw new ApiError(404);
      return sendJson(c, 200, exportLog(row));
    });
}
