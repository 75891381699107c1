// A five-field cron expression (minute hour day-of-month month day-of-week), evaluated in UTC like
// PocketBase's scheduler. Each field takes `*`, numbers, ranges `a-b`, steps `*/n` or `a-b/n` and
// comma lists of those; day-of-week is 0-6 with 7 also meaning Sunday. The macros @yearly,
// @annually, @monthly, @weekly, @daily, @midnight and @hourly are accepted too.
//
// Days follow the usual cron rule: when both day-of-month and day-of-week are restricted (neither
// is `*`), a day matches if either matches; otherwise both must.

export type CronSchedule = {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether day-of-month, day-of-week were written as `*` (or `*\/n`). */
  anyDay: boolean;
  anyWeekday: boolean;
};

const macros: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

const fieldNames = ["minute", "hour", "day of month", "month", "day of week"] as const;
const bounds: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

/** A cron expression that cannot be parsed; the message says which part and why. */
export class CronError extends Error {}

function number(text: string, name: string): number {
  if (!/^\d+$/.test(text)) throw new CronError(`invalid ${name} value "${text}"`);
  return Number(text);
}

function parseField(text: string, index: number): Set<number> {
  const name = fieldNames[index]!;
  const [min, max] = bounds[index]!;
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText, ...rest] = part.split("/");
    if (rest.length > 0 || range === undefined || range === "") {
      throw new CronError(`invalid ${name} "${part}"`);
    }
    const step = stepText === undefined ? 1 : number(stepText, name);
    if (step < 1) throw new CronError(`invalid ${name} step "${stepText}"`);
    let from: number;
    let to: number;
    if (range === "*") {
      [from, to] = [min, max === 7 ? 6 : max];
    } else if (range.includes("-")) {
      const [a, b, ...more] = range.split("-");
      if (more.length > 0) throw new CronError(`invalid ${name} range "${range}"`);
      from = number(a!, name);
      to = number(b!, name);
      if (from > to) throw new CronError(`invalid ${name} range "${range}" (start after end)`);
    } else {
      from = number(range, name);
      // `5/15` means 5, 20, 35, 50: from the value to the end of the field.
      to = stepText === undefined ? from : max;
    }
    if (from < min || to > max) {
      throw new CronError(`${name} "${part}" is out of range (${min}-${max})`);
    }
    for (let v = from; v <= to; v += step) values.add(index === 4 && v === 7 ? 0 : v);
  }
  return values;
}

/** Parses a cron expression; throws CronError with a readable reason. */
export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  const text = macros[trimmed.toLowerCase()] ?? trimmed;
  const fields = text.split(/\s+/);
  if (fields.length !== 5 || fields.some((f) => f === "")) {
    throw new CronError(`expected 5 fields (minute hour day month weekday), got "${expression}"`);
  }
  const sets = fields.map(parseField);
  const unrestricted = (field: string) => field.split(",").some((part) => part.split("/")[0] === "*");
  return {
    minutes: sets[0]!,
    hours: sets[1]!,
    days: sets[2]!,
    months: sets[3]!,
    weekdays: sets[4]!,
    anyDay: unrestricted(fields[2]!),
    anyWeekday: unrestricted(fields[4]!),
  };
}

/** Whether `date`'s UTC minute is one the schedule runs at. */
export function cronMatches(schedule: CronSchedule, date: Date): boolean {
  if (!schedule.minutes.has(date.getUTCMinutes())) return false;
  if (!schedule.hours.has(date.getUTCHours())) return false;
  if (!schedule.months.has(date.getUTCMonth() + 1)) return false;
  const day = schedule.days.has(date.getUTCDate());
  const weekday = schedule.weekdays.has(date.getUTCDay());
  if (!schedule.anyDay && !schedule.anyWeekday) return day || weekday;
  return day && weekday;
}

/** The first whole UTC minute strictly after `after` that matches (searching up to 5 years ahead). */
export function nextCronMatch(schedule: CronSchedule, after: Date): Date | undefined {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 24 * 3600 * 1000;
  while (t.getTime() <= limit) {
    if (!schedule.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (cronMatches({ ...schedule, minutes: allMinutes, hours: allHours }, t) === false) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      continue;
    }
    if (!schedule.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (schedule.minutes.has(t.getUTCMinutes())) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  return undefined;
}

const allMinutes = new Set(Array.from({ length: 60 }, (_, i) => i));
const allHours = new Set(Array.from({ length: 24 }, (_, i) => i));
