import { describe, expect, it } from "vitest";
import { parseDateTime } from "./datetime.ts";

describe("parseDateTime", () => {
  it("reads PocketBase's datetimes, ISO timestamps and bare days as UTC", () => {
    expect(parseDateTime("2026-01-02 10:00:00.000Z").toISOString()).toBe("2026-01-02T10:00:00.000Z");
    expect(parseDateTime("2026-01-02T10:00:00.123Z").toISOString()).toBe("2026-01-02T10:00:00.123Z");
    expect(parseDateTime("2026-01-05").toISOString()).toBe("2026-01-05T00:00:00.000Z");
  });

  it("gives an invalid date for anything else", () => {
    expect(parseDateTime("not a date").getTime()).toBeNaN();
    expect(parseDateTime("").getTime()).toBeNaN();
  });
});
