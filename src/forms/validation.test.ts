import { describe, expect, it } from "vitest";
import {
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  collectErrors,
  requireValue,
} from "./validation.ts";

describe("client-side checks", () => {
  it("requires text (not just spaces) and checked boxes", () => {
    expect(requireValue("  ")?.code).toBe("validation_required");
    expect(requireValue("Camille")).toBeUndefined();
    expect(requireValue(false)?.code).toBe("validation_required");
    expect(requireValue(true)).toBeUndefined();
  });

  it("catches obvious email typos only", () => {
    expect(checkEmail("")?.code).toBe("validation_required");
    expect(checkEmail("camille@example")?.code).toBe("validation_is_email");
    expect(checkEmail("camille example.com")?.code).toBe("validation_is_email");
    expect(checkEmail(" camille@example.com ")).toBeUndefined();
  });

  it("accepts passwords of 8 to 71 characters, counted as characters", () => {
    expect(checkNewPassword("")?.code).toBe("validation_required");
    expect(checkNewPassword("1234567")).toMatchObject({
      code: "validation_min_text_constraint",
      params: { min: 8 },
    });
    expect(checkNewPassword("12345678")).toBeUndefined();
    expect(checkNewPassword("x".repeat(71))).toBeUndefined();
    expect(checkNewPassword("x".repeat(72))).toMatchObject({
      code: "validation_max_text_constraint",
      params: { max: 71 },
    });
    expect(checkNewPassword("😀".repeat(8))).toBeUndefined();
  });

  it("refuses a password over bcrypt's 72 bytes, however few its characters", () => {
    expect(checkNewPassword("é".repeat(36))).toBeUndefined();
    expect(checkNewPassword("é".repeat(37))).toMatchObject({ code: "validation_invalid_value" });
    expect(checkNewPassword("😀".repeat(19))).toMatchObject({ code: "validation_invalid_value" });
  });

  it("checks the confirmation matches", () => {
    expect(checkConfirmation("secret-pass", "")?.code).toBe("validation_required");
    expect(checkConfirmation("secret-pass", "secret-Pass")?.code).toBe("validation_values_mismatch");
    expect(checkConfirmation("secret-pass", "secret-pass")).toBeUndefined();
  });

  it("keeps only the failing fields", () => {
    expect(collectErrors({ name: undefined, email: checkEmail("") })).toEqual({
      email: { code: "validation_required", message: "Cannot be blank." },
    });
    expect(collectErrors({ name: undefined })).toEqual({});
  });
});
