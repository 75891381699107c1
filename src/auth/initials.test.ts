import { describe, expect, it } from "vitest";
import { adminUser, trialUser } from "./auth-fixtures.ts";
import { initialsOf } from "./initials.ts";

describe("initialsOf", () => {
  it("takes the first and last names' initials", () => {
    expect(initialsOf(trialUser)).toBe("CM");
    expect(initialsOf(adminUser)).toBe("AA");
    expect(initialsOf({ name: "  jean  de la fontaine ", email: "j@example.com" })).toBe("JF");
  });

  it("falls back to one letter, then to the email", () => {
    expect(initialsOf({ name: "Émilie", email: "e@example.com" })).toBe("É");
    expect(initialsOf({ name: "", email: "zoe@example.com" })).toBe("Z");
    expect(initialsOf({ name: "", email: "" })).toBe("?");
  });
});
