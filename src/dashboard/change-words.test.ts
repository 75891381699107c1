import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { changeWords } from "./change-words.ts";

// The source (English) words of each change; the French are the catalog's, checked by the stories.
const i18n = setupI18n({ locale: "en", messages: { en: {} } });
// Read with plain spaces: the dates hold no-break ones (shared/format.ts), which the page keeps whole.
const words = (field: string, old: string, now: string) =>
  i18n._(changeWords({ field, old, new: now }, "en")).replace(/\u00a0/g, " ");

describe("a superuser's change, in words", () => {
  it("says what happened to the trial, with local dates", () => {
    expect(words("trial_ends", "2026-11-01 23:59:59.999Z", "2026-12-15 23:59:59.999Z")).toBe(
      "Trial extended to December 15, 2026",
    );
    expect(words("trial_ends", "2026-12-15 23:59:59.999Z", "2026-11-30 23:59:59.999Z")).toBe(
      "Trial shortened to November 30, 2026",
    );
    expect(words("trial_ends", "", "2026-12-15 23:59:59.999Z")).toBe("Trial set to end on December 15, 2026");
    expect(words("trial_ends", "2026-12-15 23:59:59.999Z", "")).toBe("Trial removed");
  });

  it("says what the operator did to the subscription", () => {
    expect(words("subscription", "incomplete, year", "active, year, 2027-11-28 23:59:59.999Z")).toBe(
      "Marked as paid yearly until November 28, 2027",
    );
    expect(words("subscription", "", "active, month, 2026-12-28 23:59:59.999Z")).toBe(
      "Marked as paid monthly until December 28, 2026",
    );
    expect(
      words(
        "subscription",
        "active, month, 2026-12-28 23:59:59.999Z",
        "active, month, 2026-12-28 23:59:59.999Z, ends at the period's end",
      ),
    ).toBe("Set to end on December 28, 2026, without renewal");
    expect(
      words(
        "subscription",
        "active, year, 2027-11-28 23:59:59.999Z",
        "canceled, year, 2026-11-29 10:00:00.000Z",
      ),
    ).toBe("Subscription ended at once");
    expect(words("subscription", "past_due, month", "")).toBe("Subscription removed");
    expect(words("refund", "", "49.99 EUR, in_1Q2w3E4r")).toBe("Last payment refunded: €49.99");
    expect(words("refund", "", "garbled")).toBe("Payment refunded");
    expect(words("withdrawal", "active, month, 2026-11-05 10:00:00.000Z", "4.99 EUR, refunded")).toBe(
      "Withdrew within 14 days: €4.99 refunded to the card",
    );
    expect(words("withdrawal", "active, year", "49.31 EUR, owed")).toBe(
      "Withdrew within 14 days: €49.31 to refund by hand",
    );
    expect(words("withdrawal", "trialing, month", "0.00 EUR, none")).toBe(
      "Withdrew within 14 days: nothing charged, nothing to refund",
    );
    expect(words("refund_made", "", "49.31 EUR, 2026-10-09 08:41:27.000Z")).toBe(
      "Withdrawal’s refund made by hand: €49.31",
    );
  });

  it("says account changes in words, and anything else as old → new", () => {
    expect(words("created", "", "camille@example.com")).toBe("Account created for camille@example.com");
    expect(words("password", "", "")).toBe("Password changed (not shown)");
    expect(words("verified", "false", "true")).toBe("Email address marked as verified");
    expect(words("admin", "true", "false")).toBe("Administration page taken away");
    expect(words("is_api", "false", "true")).toBe("Given API access");
    expect(words("email", "a@example.com", "b@example.com")).toBe(
      "Email address changed from a@example.com to b@example.com",
    );
    expect(words("name", "", "Camille")).toBe("Name set to Camille");
    expect(words("locale", "en", "fr")).toBe("Language set to French");
    expect(words("stremio_username", "", "camille@lumen.stream")).toBe(
      "stremio_username: — → camille@lumen.stream",
    );
  });
});
