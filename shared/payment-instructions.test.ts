import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  checkedIban,
  InstructionsError,
  paymentInstructions,
  paymentPeriod,
  readInstructions,
} from "./payment-instructions.ts";

const file = (locale: string) =>
  readFileSync(new URL(`../content/${locale}/payment-instructions.md`, import.meta.url), "utf8");

const head = (fields: string) => `---\ntitle: How to pay\n${fields}\n---\n\n`;
const account = "holder: Lumen\niban: fr76 3000 6000 0112 3456 7890 189\nbic: agrifrpp";
const values = { amount: "€4.99", period: "month", reference: "a@b.c", support: "help@lumen.example" };

describe("payment instructions", () => {
  it("reads the title, the bank account (the IBAN grouped by four) and the text", () => {
    expect(readInstructions(`${head(account)}Pay {amount}.\n`)).toEqual({
      title: "How to pay",
      account: { holder: "Lumen", iban: "FR76 3000 6000 0112 3456 7890 189", bic: "AGRIFRPP" },
      text: "Pay {amount}.",
    });
  });

  it("refuses an IBAN whose check digits are wrong, and a malformed BIC, naming the file", () => {
    expect(checkedIban("FR76 3000 6000 0112 3456 7890 188")).toBeNull();
    expect(checkedIban("DE89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
    expect(() =>
      readInstructions(head("iban: FR76 3000 6000 0112 3456 7890 188\nbic: AGRIFRPP"), "x.md"),
    ).toThrow(new InstructionsError('x.md: iban "FR76 3000 6000 0112 3456 7890 188" is not a valid IBAN'));
    expect(() => readInstructions(head("iban: FR7630006000011234567890189\nbic: AGRI"), "x.md")).toThrow(
      /x\.md: bic "AGRI" is not a valid BIC/,
    );
    expect(() => readInstructions("Pay {amount}.")).toThrow(InstructionsError);
  });

  it("fills the amount, the period, the reference and the support address, one paragraph per entry", () => {
    const text = `${head(account)}Pay {amount} for one {period},\nreference {reference}.\n\nQuestions: {support}.`;
    expect(paymentInstructions(text, values).paragraphs).toEqual([
      "Pay €4.99 for one month, reference a@b.c.",
      "Questions: help@lumen.example.",
    ]);
  });

  it("leaves out a paragraph whose value is unset, never a blank in a sentence", () => {
    const text = `${head(account)}Pay {amount}.\n\nQuestions: {support}.`;
    expect(paymentInstructions(text, { ...values, support: "" }).paragraphs).toEqual(["Pay €4.99."]);
  });

  it("has a title, a valid account and every value's place in both languages", () => {
    for (const locale of ["en", "fr"]) {
      const { title, account, text } = readInstructions(file(locale));
      expect(title).not.toBe("");
      expect(account.holder).not.toBe("");
      for (const key of ["{amount}", "{period}", "{support}"]) expect(text).toContain(key);
      // The only address the customer reads is the configured one.
      const filled = paymentInstructions(file(locale), { ...values, support: "help@shop.test" }).paragraphs;
      expect(filled.join("\n").match(/[^\s:]+@[^\s]+[^\s.]/g)).toEqual(["help@shop.test"]);
      expect(filled.join("\n")).not.toMatch(/[{}]/);
    }
    expect(paymentPeriod("year", "fr")).toBe("an");
    expect(paymentPeriod("month", "en")).toBe("month");
  });
});
