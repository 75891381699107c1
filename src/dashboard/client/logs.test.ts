import PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import { defaultLogsQuery, logsFilter } from "./logs.ts";

const pb = new PocketBase("http://127.0.0.1:1");

describe("logsFilter", () => {
  it("turns a status class into a range and quotes the texts", () => {
    expect(logsFilter(pb, defaultLogsQuery)).toBe("");
    expect(
      logsFilter(pb, {
        ...defaultLogsQuery,
        status: "4xx",
        method: "POST",
        url: "/api/backups",
        authId: "abc",
      }),
    ).toBe(
      'data.status >= 400 && data.status < 500 && data.method = "POST" && data.url ~ "/api/backups" && data.authId = "abc"',
    );
  });

  it("keeps to warnings and errors of the 24 hours before now", () => {
    const now = new Date("2026-11-27T12:00:00.000Z");
    expect(logsFilter(pb, { ...defaultLogsQuery, type: "mail", level: "problems", since: "day" }, now)).toBe(
      'data.type = "mail" && level >= 4 && created >= "2026-11-26 12:00:00.000Z"',
    );
  });

  it("keeps to one kind of entry", () => {
    expect(logsFilter(pb, { ...defaultLogsQuery, type: "mail" })).toBe('data.type = "mail"');
    expect(logsFilter(pb, { ...defaultLogsQuery, type: "request", status: "5xx" })).toBe(
      'data.type = "request" && data.status >= 500 && data.status < 600',
    );
  });
});
