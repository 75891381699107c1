import { Hono, type MiddlewareHandler } from "hono";
import { type Row } from "../tools/sql-reader.ts";
import {
  compileExpression,
  compileSort,
  exceedsMaxFilterLength,
  FilterError,
  type CompileOptions,
} from "../core/filter/index.ts";
import type { Collection } from "../core/collection-types.ts";
import { parse, type Expr } from "../core/filter/parser.ts";
import { macroValue } from "../core/filter/resolver.ts";
import type { OperandToken } from "../core/filter/tokenizer.ts";
import type { RequestLogs } from "../core/request-logs.ts";
import { logLevels } from "../tools/log.ts";
import { ApiError } from "./api-error.ts";
import {
  type ApiContext,
  type ApiEnv,
  type AppContext,
  authOf,
  clientIp,
  queryOf,
  sendJson,
} from "./context.ts";
import type { Sql } from "../tools/sql.ts";
import { listPaging } from "./list-query.ts";
import { rateLimit, requireSuperuser } from "./middlewares.ts";

// Request logs: every `/api/**` request is recorded (PocketBase's activity logger), and superusers
// read them with PocketBase's logs API (`GET /api/logs`, `/api/logs/stats`, `/api/logs/{id}`).

// ------------------------------------------------------------------------------------------------
// Recording

/** Requests whose success is not logged (PocketBase's `SkipSuccessActivityLog`: reading the logs). */
const skipSuccess = new WeakSet<Request>();

/**
 * Words that make a query parameter's value never logged: tokens, passwords (`pw`, `pwd`, `passwd`
 * too) and anything secret-like (a false match only hides a harmless value).
 */
const secretWords =
  "token|pass|pw|secret|key|otp|code|auth|session|sig|credential|jwt|cookie|hash|salt|nonce|private";
const secretName = new RegExp(secretWords, "i");

/** A secret-looking parameter with a value inside a decoded text (a URL in a `redirect` value). */
const secretParam = new RegExp(`(?:^|[?&;#])[^?&;#=]*(?:${secretWords})[^?&;#=]*=[^&;#]`, "i");

/** A JWT (a token pasted into a path or an unexpected parameter). */
const jwtShape = /eyJ[\w-]*\.[\w-]+\.[\w-]*/;

const maskedValue = "*****";

/**
 * `text` with its `%XX` escapes decoded byte by byte, again while some are left (3 rounds: a
 * double-encoded value too). Enough to see secret names and JWTs, which are ASCII, however they
 * were encoded; an invalid escape stays as it is, and nothing here fails.
 */
function unescapeBytes(text: string): string {
  let result = text;
  for (let round = 0; round < 3 && result.includes("%"); round++) {
    const next = result.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
    if (next === result) break;
    result = next;
  }
  return result;
}

/** Whether a path segment, a parameter name or a value shows a secret once decoded. */
const leaks = (component: string) => {
  const decoded = unescapeBytes(component);
  return jwtShape.test(decoded) || secretParam.test(decoded);
};

/**
 * A URL (path and query, or a full referer) as it may be logged: decoded first, then each path
 * segment and query value that shows a JWT (or a secret parameter of a URL inside it), and the
 * value of each parameter whose name looks secret, replaced with `*****`; the fragment dropped.
 * What is kept keeps its encoding.
 */
export function maskUrl(url: string): string {
  const hash = url.indexOf("#");
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const start = withoutHash.indexOf("?");
  const path = (start >= 0 ? withoutHash.slice(0, start) : withoutHash)
    .split("/")
    .map((segment) => (leaks(segment) ? maskedValue : segment))
    .join("/");
  if (start < 0) return path;
  const query = withoutHash
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      if (leaks(name)) return maskedValue;
      if (equals < 0) return pair;
      const hidden = secretName.test(unescapeBytes(name)) || leaks(pair.slice(equals + 1));
      return hidden ? `${name}=${maskedValue}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

/**
 * The most a request log stores of each field the client controls (characters): whatever it
 * sends, an entry stays a few KB.
 */
export const logFieldLimits = {
  method: 16,
  url: 2048,
  /** `METHOD URL`, the URL unescaped: `data.url` has the rest. */
  message: 512,
  userAgent: 512,
  referer: 512,
  error: 512,
  /** `details` as JSON; longer, it is that JSON cut, as a string. */
  details: 1024,
  ip: 64,
};

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function unescapePath(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/** The error details as logged: the object when its JSON is short, else that JSON cut. */
function loggedDetails(details: Record<string, unknown> | undefined): unknown {
  if (!details || Object.keys(details).length === 0) return null;
  const json = JSON.stringify(details);
  return json.length <= logFieldLimits.details ? details : json.slice(0, logFieldLimits.details);
}

let loggerFailed = false;

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
      // Masked before it is cut: a cut could leave a secret no longer shaped like one.
      const url = cut(maskUrl(raw.slice(raw.indexOf("/", raw.indexOf("//") + 2))), logFieldLimits.url);
      const method = cut(c.req.method.toUpperCase(), logFieldLimits.method);
      const auth = authOf(c);
      const data: Record<string, unknown> = {
        type: "request",
        execTime: Math.round((performance.now() - started) * 1000) / 1000,
        url,
        method,
        status,
        referer: cut(maskUrl(c.req.header("referer") ?? ""), logFieldLimits.referer),
        userAgent: cut(c.req.header("user-agent") ?? "", logFieldLimits.userAgent),
        auth: auth ? auth.collection.name : "",
        authId: auth ? String(auth.record.id ?? "") : "",
        userIP: cut(clientIp(c), logFieldLimits.ip),
        remoteIP: cut(socketAddress(c), logFieldLimits.ip),
      };
      if (error) {
        data.error = cut(error.message, logFieldLimits.error);
        data.details = loggedDetails(error instanceof ApiError ? error.data : undefined);
      }
      logs.add({
        level: status >= 400 ? logLevels.error : logLevels.info,
        message: cut(`${method} ${unescapePath(url)}`, logFieldLimits.message),
        data,
      });
    } catch (error) {
      // Once: a failure here would repeat with every request.
      if (!loggerFailed) ctx.log.error(`Request log failed: ${(error as Error).message}`);
      loggerFailed = true;
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
function exportLog(row: Row) {
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

/** PocketBase's `SkipSuccessActivityLog`: reading the logs is not itself logged, unless it fails. */
const skipSuccessLog: MiddlewareHandler<ApiEnv> = async (c, next) => {
  skipSuccess.add(c.req.raw);
  await next();
};

/** `GET /api/logs`, `GET /api/logs/stats`, `GET /api/logs/{id}` (superusers). */
export function logsApi(logs: RequestLogs) {
  return new Hono<ApiEnv>()
    .get("/logs", rateLimit, skipSuccessLog, requireSuperuser, async (c) => {
      const query = queryOf(c);
      const { page, perPage, skipTotal: skip } = listPaging(query);
      let rows: Row[];
      let total = -1;
      try {
        const where = query.filter?.trim() ? filterSql(query.filter) : undefined;
        const order = query.sort?.trim() ? sortSql(query.sort) : undefined;
        const [found, counted] = await Promise.all([
          logs.find({ where, order, limit: perPage, offset: (page - 1) * perPage }),
          skip ? undefined : logs.count(where),
        ]);
        rows = found;
        if (counted !== undefined) total = counted;
      } catch (error) {
        if (!(error instanceof FilterError)) {
          c.get("ctx").log.error(`logs query failed: ${(error as Error).message}`);
        }
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
    .get("/logs/stats", rateLimit, skipSuccessLog, requireSuperuser, async (c) => {
      const filter = queryOf(c).filter ?? "";
      let where: Sql | undefined;
      if (filter !== "") {
        try {
          where = filterSql(filter);
        } catch {
          throw new ApiError(400, "Invalid filter format.");
        }
      }
      let rows: Row[];
      try {
        rows = await logs.stats(where);
      } catch {
        throw new ApiError(400, "Failed to generate logs stats.");
      }
      return sendJson(
        c,
        200,
        rows.map((row) => ({ date: row.date ? `${String(row.date)}.000Z` : "", total: Number(row.total) })),
      );
    })
    .get("/logs/:id", rateLimit, skipSuccessLog, requireSuperuser, async (c) => {
      const row = await logs.findById(c.req.param("id"));
      if (!row) throw new ApiError(404);
      return sendJson(c, 200, exportLog(row));
    });
}
