import { describe, expect, it } from "vitest";
import { CronError, cronMatches, nextCronMatch, parseCron } from "./cron.ts";

const at = (iso: string) => new Date(`${iso}Z`);
const matches = (expression: string, iso: string) => cronMatches(parseCron(expression), at(iso));
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe("parseCron", () => {
  it("reads stars, numbers, lists, ranges and steps", () => {
    const s = parseCron("*/15 0,12 1-3 */4 1-5/2");
    expect(sorted(s.minutes)).toEqual([0, 15, 30, 45]);
    expect(sorted(s.hours)).toEqual([0, 12]);
    expect(sorted(s.days)).toEqual([1, 2, 3]);
    expect(sorted(s.months)).toEqual([1, 5, 9]);
    expect(sorted(s.weekdays)).toEqual([1, 3, 5]);
  });

  it("reads a start with a step as running to the end of the field", () => {
    expect(sorted(parseCron("5/20 * * * *").minutes)).toEqual([5, 25, 45]);
  });

  it("takes 7 as Sunday and a star on weekdays as 0-6", () => {
    expect(sorted(parseCron("0 0 * * 7").weekdays)).toEqual([0]);
    expect(sorted(parseCron("0 0 * * 5-7").weekdays)).toEqual([0, 5, 6]);
    expect(sorted(parseCron("0 0 * * *").weekdays)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("accepts the macros and extra spaces", () => {
    expect(sorted(parseCron("@daily").hours)).toEqual([0]);
    expect(sorted(parseCron("@hourly").hours)).toHaveLength(24);
    expect(sorted(parseCron("  0   3 * *  * ").hours)).toEqual([3]);
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
    ["1-2-3 * * * *", /invalid minute range/],
    ["*/5/2 * * * *", /invalid minute/],
    ["@reboot", /expected 5 fields/],
  ])("refuses %j", (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });
});

describe("cronMatches", () => {
  it("matches minute and hour in UTC", () => {
    expect(matches("0 3 * * *", "2026-11-24T03:00:00")).toBe(true);
    expect(matches("0 3 * * *", "2026-11-24T03:00:59")).toBe(true);
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

  it("needs both day fields when one is a star, either when both are restricted", () => {
    expect(matches("0 0 24 * *", "2026-11-24T00:00:00")).toBe(true);
    expect(matches("0 0 25 * *", "2026-11-24T00:00:00")).toBe(false);
    expect(matches("0 0 25 * 2", "2026-11-24T00:00:00")).toBe(true); // the weekday matches
    expect(matches("0 0 24 * 5", "2026-11-24T00:00:00")).toBe(true); // the day matches
    expect(matches("0 0 25 * 5", "2026-11-24T00:00:00")).toBe(false);
    expect(matches("0 0 */2 * 5", "2026-11-24T00:00:00")).toBe(false); // */2 is a star: both must
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
