import PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import { defaultLogsQuery, defaultUsersQuery, logsFilter, usersFilter } from "./superuser.ts";

const pb = new PocketBase("http://127.0.0.1:1");

describe("usersFilter", () => {
  it("is empty without a search or a filter", () => {
    expect(usersFilter(pb, defaultUsersQuery)).toBe("");
  });

  it("searches email and name, and adds each chosen filter", () => {
    expect(
      usersFilter(pb, {
        ...defaultUsersQuery,
        search: ' O"Neil ',
        status: "awaiting-payment",
        verified: "no",
        admin: "yes",
      }),
    ).toBe(
      '(email ~ "O\\"Neil" || name ~ "O\\"Neil") && (plan = "paid" && stripe = "") && verified = false && admin = true',
    );
  });
});

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

  it("keeps to one kind of entry", () => {
    expect(logsFilter(pb, { ...defaultLogsQuery, type: "mail" })).toBe('data.type = "mail"');
    expect(logsFilter(pb, { ...defaultLogsQuery, type: "request", status: "5xx" })).toBe(
      'data.type = "request" && data.status >= 500 && data.status < 600',
    );
  });
});
