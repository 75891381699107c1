import { Cron, type CronOptions } from "croner";

// Five-field cron expressions (minute hour day-of-month month day-of-week) evaluated in UTC, on
// croner. What is ours is the checking, for messages that name the field: each field is a comma
// list of `*`, a number or a range `a-b`, each optionally with a step `/n` (`5/15` runs from 5 to
// the end of the field); day-of-week takes 0-7, 7 also meaning Sunday. The macros @yearly,
// @annually, @monthly, @weekly, @daily, @midnight and @hourly are accepted too; names (MON, JAN)
// and croner's own extensions (L, W, #, ?) are not, as PocketBase's scheduler takes none of them.
//
// Days follow the usual cron rule: when both day-of-month and day-of-week are restricted (neither
// starts with `*`), a day matches if either matches; otherwise both must.

/** A cron expression that cannot be parsed; the message says which part and why. */
export class CronError extends Error {}

/** A checked expression: `parseCron` makes it, `nextCronMatch` and `runOnSchedule` read it. */
export type CronSchedule = { readonly pattern: string; readonly options: CronOptions };

const macros = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);

const fields = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
];

/** `*`, `n` or `a-b`, then an optional `/step`. */
const item = /^(?:\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/;

function checkField(text: string, index: number) {
  const { name, min, max } = fields[index]!;
  for (const part of text.split(",")) {
    const match = item.exec(part);
    if (!match) throw new CronError(`invalid ${name} value "${part}"`);
    const [, from, to, step] = match;
    if (step !== undefined && Number(step) < 1) throw new CronError(`invalid ${name} step "${step}"`);
    if (to !== undefined && Number(from) > Number(to)) {
      throw new CronError(`invalid ${name} range "${from}-${to}" (start after end)`);
    }
    for (const value of [from, to]) {
      if (value !== undefined && (Number(value) < min || Number(value) > max)) {
        throw new CronError(`${name} "${part}" is out of range (${min}-${max})`);
      }
    }
  }
}

/** Checks a cron expression and reads it with croner; throws CronError with a readable reason. */
export function parseCron(expression: string): CronSchedule {
  const text = expression.trim();
  const isMacro = macros.has(text.toLowerCase());
  const parts = isMacro ? [] : text.split(/\s+/);
  if (!isMacro) {
    if (parts.length !== 5 || parts.some((part) => part === "")) {
      throw new CronError(`expected 5 fields (minute hour day month weekday), got "${expression}"`);
    }
    parts.forEach(checkField);
  }
  const options: CronOptions = {
    timezone: "UTC",
    mode: "5-part",
    // `5/15`: from 5 to the end of the field.
    sloppyRanges: true,
    // A day field starting with `*` (`*/2` too) leaves the other one alone to decide (Vixie cron).
    domAndDow: parts.length > 0 && (parts[2]!.startsWith("*") || parts[4]!.startsWith("*")),
  };
  try {
    new Cron(text, { ...options, paused: true });
    return { pattern: text, options };
  } catch (error) {
    throw new CronError((error as Error).message.replace(/^CronPattern: /, ""));
  }
}

/** The first whole UTC minute strictly after `after` that the schedule runs at (none: undefined). */
export function nextCronMatch(schedule: CronSchedule, after: Date): Date | undefined {
  return new Cron(schedule.pattern, { ...schedule.options, paused: true }).nextRun(after) ?? undefined;
}

/**
 * Calls `run` at each UTC minute the schedule matches, until the returned function is called. The
 * timer never keeps the process alive; `run` must not throw.
 */
export function runOnSchedule(schedule: CronSchedule, run: () => void): () => void {
  const job = new Cron(schedule.pattern, { ...schedule.options, unref: true }, run);
  return () => job.stop();
}
