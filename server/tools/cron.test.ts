import { describe, expect, it, vi } from "vitest";
import { CronError, nextCronMatch, parseCron, runOnSchedule } from "./cron.ts";

const at = (iso: string) => new Date(`${iso}Z`);
/** The next `count` runs strictly after `iso`, as ISO strings. */
const runs = (expression: string, iso: string, count = 1) => {
  const schedule = parseCron(expression);
  const found: string[] = [];
  let after = at(iso);
  for (let i = 0; i < count; i++) {
    const next = nextCronMatch(schedule, after);
    if (!next) break;
    found.push(next.toISOString().slice(0, 16));
    after = next;
  }
  return found;
};
/** Whether the schedule runs at the minute `iso`. */
const matches = (expression: string, iso: string) =>
  runs(expression, new Date(at(iso).getTime() - 60_000).toISOString().slice(0, 19))[0] ===
  at(iso).toISOString().slice(0, 16);

describe("parseCron", () => {
  it("reads stars, numbers, lists, ranges and steps", () => {
    expect(runs("*/15 0,12 1-3 */4 1-5/2", "2026-01-01T00:00:00", 5)).toEqual([
      "2026-01-01T00:15", // a Thursday, the 1st: day of month and day of week both restricted
      "2026-01-01T00:30",
      "2026-01-01T00:45",
      "2026-01-01T12:00",
      "2026-01-01T12:15",
    ]);
    expect(runs("0 0 * */4 *", "2026-01-31T12:00:00", 2)).toEqual(["2026-05-01T00:00", "2026-05-02T00:00"]);
    expect(runs("0 0 * * 1-5/2", "2026-11-23T12:00:00", 3)).toEqual([
      "2026-11-25T00:00", // Wednesday, Friday, Monday
      "2026-11-27T00:00",
      "2026-11-30T00:00",
    ]);
  });

  it("reads a start with a step as running to the end of the field", () => {
    expect(runs("5/20 * * * *", "2026-11-24T10:00:00", 4)).toEqual([
      "2026-11-24T10:05",
      "2026-11-24T10:25",
      "2026-11-24T10:45",
      "2026-11-24T11:05",
    ]);
  });

  it("takes 7 as Sunday and a star on weekdays as every day", () => {
    expect(runs("0 0 * * 7", "2026-11-24T00:00:00")).toEqual(["2026-11-29T00:00"]);
    expect(runs("0 0 * * 5-7", "2026-11-24T00:00:00", 3)).toEqual([
      "2026-11-27T00:00",
      "2026-11-28T00:00",
      "2026-11-29T00:00",
    ]);
    expect(runs("0 0 * * *", "2026-11-24T00:00:00", 2)).toEqual(["2026-11-25T00:00", "2026-11-26T00:00"]);
  });

  it("accepts the macros and extra spaces", () => {
    expect(runs("@daily", "2026-11-24T10:00:00")).toEqual(["2026-11-25T00:00"]);
    expect(runs("@hourly", "2026-11-24T10:00:00", 2)).toEqual(["2026-11-24T11:00", "2026-11-24T12:00"]);
    expect(runs("@weekly", "2026-11-24T10:00:00")).toEqual(["2026-11-29T00:00"]);
    expect(runs("  0   3 * *  * ", "2026-11-24T10:00:00")).toEqual(["2026-11-25T03:00"]);
  });

  it.each([
    ["", /expected 5 fields/],
    ["* * * *", /expected 5 fields/],
    ["* * * * * *", /expected 5 fields/],
    ["60 * * * *", /minute "60" is out of range \(0-59\)/],
    ["* 24 * * *", /hour "24" is out of range/],
    ["* * 0 * *", /day of month "0" is out of range \(1-31\)/],
    ["* * * 13 *", /month "13" is out of range/],
    ["* * * * 8", /day of week "8" is out of range/],
    ["*/0 * * * *", /invalid minute step/],
    ["5-1 * * * *", /start after end/],
    ["a * * * *", /invalid minute value "a"/],
    ["1,,2 * * * *", /invalid minute/],
    ["1-2-3 * * * *", /invalid minute value "1-2-3"/],
    ["*/5/2 * * * *", /invalid minute/],
    ["@reboot", /expected 5 fields/],
    ["0 0 * * MON", /invalid day of week value "MON"/],
    ["0 0 L * *", /invalid day of month value "L"/],
  ])("refuses %j", (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe("matching", () => {
  it("matches minute and hour in UTC", () => {
    expect(matches("0 3 * * *", "2026-11-24T03:00:00")).toBe(true);
    expect(matches("0 3 * * *", "2026-11-24T03:01:00")).toBe(false);
    expect(matches("0 3 * * *", "2026-11-24T04:00:00")).toBe(false);
  });

  it("matches steps and lists", () => {
    expect(matches("*/10 * * * *", "2026-11-24T10:20:00")).toBe(true);
    expect(matches("*/10 * * * *", "2026-11-24T10:25:00")).toBe(false);
    expect(matches("15,45 8-10 * * *", "2026-11-24T09:45:00")).toBe(true);
    expect(matches("15,45 8-10 * * *", "2026-11-24T11:45:00")).toBe(false);
  });

  it("matches months and weekdays (2026-11-24 is a Tuesday)", () => {
    expect(matches("0 0 * 11 *", "2026-11-24T00:00:00")).toBe(true);
    expect(matches("0 0 * 12 *", "2026-11-24T00:00:00")).toBe(false);
    expect(matches("0 0 * * 2", "2026-11-24T00:00:00")).toBe(true);
    expect(matches("0 0 * * 1-5", "2026-11-29T00:00:00")).toBe(false); // Sunday
    expect(matches("0 0 * * 0", "2026-11-29T00:00:00")).toBe(true);
  });

  it("needs both day fields when one starts with a star, either when both are restricted", () => {
    expect(matches("0 0 24 * *", "2026-11-24T00:00:00")).toBe(true);
    expect(matches("0 0 25 * *", "2026-11-24T00:00:00")).toBe(false);
    expect(matches("0 0 25 * 2", "2026-11-24T00:00:00")).toBe(true); // the weekday matches
    expect(matches("0 0 24 * 5", "2026-11-24T00:00:00")).toBe(true); // the day matches
    expect(matches("0 0 25 * 5", "2026-11-24T00:00:00")).toBe(false);
    expect(matches("0 0 */2 * 5", "2026-11-24T00:00:00")).toBe(false); // */2 is a star: both must
    expect(matches("0 0 */2 * 2", "2026-11-17T00:00:00")).toBe(true); // odd day and Tuesday
  });
});

describe("nextCronMatch", () => {
  it("finds the next matching minute strictly after the given time", () => {
    const next = (expression: string, iso: string) =>
      nextCronMatch(parseCron(expression), at(iso))?.toISOString();
    expect(next("0 3 * * *", "2026-11-24T02:59:30")).toBe("2026-11-24T03:00:00.000Z");
    expect(next("0 3 * * *", "2026-11-24T03:00:00")).toBe("2026-11-25T03:00:00.000Z");
    expect(next("*/5 * * * *", "2026-11-24T10:07:00")).toBe("2026-11-24T10:10:00.000Z");
    expect(next("0 0 1 1 *", "2026-11-24T00:00:00")).toBe("2027-01-01T00:00:00.000Z");
    expect(next("0 12 29 2 *", "2026-03-01T00:00:00")).toBe("2028-02-29T12:00:00.000Z");
    expect(next("0 0 31 2 *", "2026-03-01T00:00:00")).toBeUndefined();
  });
});

describe("runOnSchedule", () => {
  it("runs at the matching UTC minutes only, until stopped", async () => {
    vi.useFakeTimers({
      now: new Date("2026-11-24T02:58:30Z"),
      toFake: ["setTimeout", "clearTimeout", "Date"],
    });
    try {
      const run = vi.fn();
      const stop = runOnSchedule(parseCron("0 3 * * *"), run);
      await vi.advanceTimersByTimeAsync(60_000); // 02:59:30
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(60_000); // 03:00:30
      expect(run).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(24 * 3600_000); // 03:00:30 the next day
      expect(run).toHaveBeenCalledTimes(2);
      stop();
      await vi.advanceTimersByTimeAsync(2 * 24 * 3600_000);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
