import PocketBase from "pocketbase";
import { describe, expect, it, vi } from "vitest";
import { planStatusFilters } from "#src/auth/plan-status.ts";
import {
  dayOf,
  defaultUsersQuery,
  endOfDay,
  nextPeriodEnd,
  today,
  updateUser,
  usersFilter,
} from "./users.ts";

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
      `(email ~ "O\\"Neil" || name ~ "O\\"Neil") && (${planStatusFilters["awaiting-payment"]}) && verified = false && admin = true`,
    );
  });

  it("keeps to a billing period and to the users who signed up in the 7 days before now", () => {
    const now = new Date("2026-11-27T12:00:00.000Z");
    expect(usersFilter(pb, { ...defaultUsersQuery, period: "year", joined: "week" }, now)).toBe(
      'is_monthly = false && created >= "2026-11-20 12:00:00.000Z"',
    );
    expect(usersFilter(pb, { ...defaultUsersQuery, period: "month" }, now)).toBe("is_monthly = true");
  });
});

describe("the billing dates", () => {
  it("takes a day as its last moment in UTC, and gives back the day of a datetime", () => {
    expect(endOfDay("2026-12-15")).toBe("2026-12-15 23:59:59.999Z");
    expect(dayOf("2026-11-27 10:05:00.000Z")).toBe("2026-11-27");
    expect(dayOf(endOfDay("2027-01-31"))).toBe("2027-01-31");
    expect(dayOf("")).toBe("");
  });
});

describe("the next period's end (Mark as paid until, pre-filled)", () => {
  const now = new Date("2026-10-05T12:00:00.000Z");

  it("counts from today when nothing is paid, or what is paid has ended", () => {
    expect(today(now)).toBe("2026-10-05");
    expect(nextPeriodEnd("", "month", now)).toBe("2026-11-05");
    expect(nextPeriodEnd("", "year", now)).toBe("2027-10-05");
    expect(nextPeriodEnd("2026-09-30 23:59:59.999Z", "month", now)).toBe("2026-11-05");
  });

  it("counts from the paid-until still ahead", () => {
    expect(nextPeriodEnd("2026-10-20 23:59:59.999Z", "month", now)).toBe("2026-11-20");
    expect(nextPeriodEnd("2026-10-20 23:59:59.999Z", "year", now)).toBe("2027-10-20");
  });

  it("ends on a month's last day when the next month is shorter", () => {
    expect(nextPeriodEnd("2027-01-31 23:59:59.999Z", "month", now)).toBe("2027-02-28");
    expect(nextPeriodEnd("2028-02-29 23:59:59.999Z", "year", now)).toBe("2029-02-28");
    expect(nextPeriodEnd("", "month", new Date("2026-12-31T08:00:00.000Z"))).toBe("2027-01-31");
  });
});

describe("updateUser", () => {
  it("sends the edited fields, trimmed, and never the plan, the period or the price", async () => {
    const client = new PocketBase("http://127.0.0.1:1");
    const send = vi.fn(async () => ({ id: "u1" }));
    client.send = send as unknown as PocketBase["send"];
    // A caller holding a whole record: what the server derives is not sent back.
    const values = {
      name: " Camille ",
      email: " c@example.com ",
      stripe: " cus_1 ",
      admin: false,
      verified: true,
      plan: "paid",
      price: 4.99,
      is_monthly: true,
    };
    const result = await updateUser(client, "u1", values);
    expect(result.success).toBe(true);
    expect(send).toHaveBeenCalledWith(
      "/api/collections/users/records/u1",
      expect.objectContaining({
        method: "PATCH",
        body: { name: "Camille", email: "c@example.com", stripe: "cus_1", admin: false, verified: true },
      }),
    );
  });
});
