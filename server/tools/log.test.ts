import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, type LogEntry } from "./log.ts";

afterEach(() => vi.restoreAllMocks());

describe("logger", () => {
  it("writes each line as it is: info on stdout, warnings and errors on stderr", () => {
    const out = vi.spyOn(console, "log").mockImplementation(() => {});
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const err = vi.spyOn(console, "error").mockImplementation(() => {});
    const log = createLogger();
    log.info("Mail to a@example.com written to /tmp/x.eml");
    log.warn("No site in build/client");
    log.error("Cannot start: port 8090 is already in use");
    expect(out.mock.calls).toEqual([["Mail to a@example.com written to /tmp/x.eml"]]);
    expect(warn.mock.calls).toEqual([["No site in build/client"]]);
    expect(err.mock.calls).toEqual([["Cannot start: port 8090 is already in use"]]);
  });

  it("records entries with PocketBase's levels in its store, and nothing without one", () => {
    const entries: LogEntry[] = [];
    const log = createLogger({ store: (entry) => entries.push(entry) });
    log.record("warn", "Failed to send mail", { type: "mail", to: "a@example.com" });
    log.record("error", "Refused", { type: "mail" });
    expect(entries).toEqual([
      { level: 4, message: "Failed to send mail", data: { type: "mail", to: "a@example.com" } },
      { level: 8, message: "Refused", data: { type: "mail" } },
    ]);
    expect(() => createLogger().record("info", "nowhere", {})).not.toThrow();
  });

  it("reports a store that fails on stderr, and never throws", () => {
    const lines: string[] = [];
    const log = createLogger({
      error: (line) => lines.push(line),
      store: () => {
        throw new Error("log store gone");
      },
    });
    expect(() => log.record("info", "Sent mail", { type: "mail" })).not.toThrow();
    expect(lines).toEqual(["Could not log a mail event: log store gone"]);
  });
});
