import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { paymentInstructions, paymentPeriod, splitInstructions } from "./payment-instructions.ts";

const file = (locale: string) =>
  readFileSync(new URL(`../content/${locale}/payment-instructions.md`, import.meta.url), "utf8");

describe("payment instructions", () => {
  it("splits the file into its title and its text", () => {
    expect(splitInstructions("---\ntitle: How to pay\n---\n\nPay {amount}.\n")).toEqual({
      title: "How to pay",
      text: "Pay {amount}.",
    });
    expect(splitInstructions("Pay {amount}.")).toEqual({ title: "", text: "Pay {amount}." });
  });

  it("fills the amount, the period and the reference, one paragraph per entry", () => {
    const text = "Pay {amount} for one {period},\nreference {reference}.\n\nThanks.";
    expect(paymentInstructions(text, { amount: "€4.99", period: "month", reference: "a@b.c" })).toEqual([
      "Pay €4.99 for one month, reference a@b.c.",
      "Thanks.",
    ]);
  });

  it("has a title and every value's place in both languages", () => {
    for (const locale of ["en", "fr"]) {
      const { title, text } = splitInstructions(file(locale));
      expect(title).not.toBe("");
      for (const key of ["{amount}", "{period}", "{reference}"]) expect(text).toContain(key);
    }
    expect(paymentPeriod("year", "fr")).toBe("an");
    expect(paymentPeriod("month", "en")).toBe("month");
  });
});
