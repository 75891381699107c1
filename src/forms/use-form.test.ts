import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { messages as fr } from "#locales/fr/messages.po";
import { formErrorMessage } from "./field-error-message.ts";
import { bannerMessage } from "./use-form.ts";

const french = setupI18n({ locale: "fr", messages: { fr } });
const banner = (...args: Parameters<typeof bannerMessage>) =>
  formErrorMessage(french, bannerMessage(...args));

describe("the banner above a form", () => {
  it("summarises errors on the form's own fields instead of the action's default", () => {
    const errors = { email: { code: "validation_not_unique", message: "Value must be unique." } };
    expect(banner(errors, ["name", "email"], msg`Unknown error`)).toBe(
      "Certains champs demandent votre attention.",
    );
  });

  it("words an error on a field the form does not show (a link's token) by its code", () => {
    const errors = { token: { code: "validation_invalid_token", message: "Invalid or expired token." } };
    expect(banner(errors, ["password"], msg`Invalid verification token`)).toBe(
      "Ce lien est invalide ou a expiré.",
    );
  });

  it("keeps the action's message when the answer names no field", () => {
    expect(banner({}, ["email"], msg`Too many attempts. Please wait a moment and try again.`)).toBe(
      "Trop de tentatives. Patientez un instant puis réessayez.",
    );
  });
});
