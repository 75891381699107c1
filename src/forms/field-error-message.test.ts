import { readFileSync } from "node:fs";
import { setupI18n, type I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { messages as en } from "#locales/en/messages.po";
import { messages as fr } from "#locales/fr/messages.po";
import { fieldErrorMessage, formErrorMessage } from "./field-error-message.ts";

function i18nFor(locale: "en" | "fr"): I18n {
  return setupI18n({ locale, messages: { [locale]: locale === "fr" ? fr : en } });
}
const english = i18nFor("en");
const french = i18nFor("fr");

describe("fieldErrorMessage", () => {
  it.each([
    ["validation_required", undefined, "email", "This field is required.", "Ce champ est obligatoire."],
    [
      "validation_is_email",
      undefined,
      "email",
      "Enter a valid email address.",
      "Saisissez une adresse e-mail valide.",
    ],
    [
      "validation_not_unique",
      undefined,
      "email",
      "An account already exists with this email address.",
      "Un compte existe déjà avec cette adresse e-mail.",
    ],
    [
      "validation_values_mismatch",
      undefined,
      "passwordConfirm",
      "The passwords don't match.",
      "Les mots de passe ne correspondent pas.",
    ],
    [
      "validation_invalid_old_password",
      undefined,
      "oldPassword",
      "Your current password is incorrect.",
      "Votre mot de passe actuel est incorrect.",
    ],
    [
      "validation_invalid_password",
      undefined,
      "password",
      "Your password is incorrect.",
      "Votre mot de passe est incorrect.",
    ],
    [
      "validation_min_text_constraint",
      undefined,
      "password",
      "Must be at least 8 characters.",
      "Doit contenir au moins 8\u00a0caractères.",
    ],
    [
      "validation_max_text_constraint",
      undefined,
      "password",
      "Must be at most 71 characters.",
      "Doit contenir au plus 71\u00a0caractères.",
    ],
    [
      "validation_max_text_constraint",
      { max: 255 },
      "name",
      "Must be at most 255 characters.",
      "Doit contenir au plus 255\u00a0caractères.",
    ],
    [
      "validation_length_out_of_range",
      { min: 1, max: 255 },
      "identity",
      "Must be between 1 and 255 characters.",
      "Doit contenir entre 1 et 255\u00a0caractères.",
    ],
    [
      "validation_invalid_value",
      undefined,
      "password",
      "This password is too long (accented letters and emoji take more room). Choose a shorter one.",
      "Ce mot de passe est trop long (les lettres accentuées et les emoji prennent plus de place). Choisissez-en un plus court.",
    ],
    [
      "validation_invalid_token",
      undefined,
      "token",
      "This link is invalid or has expired.",
      "Ce lien est invalide ou a expiré.",
    ],
    [
      "validation_invalid_new_email",
      undefined,
      "newEmail",
      "Enter a valid email address, different from your current one and not already in use.",
      "Saisissez une adresse e-mail valide, différente de l’actuelle et pas déjà utilisée.",
    ],
  ])("%s (%o) on %s", (code, params, field, inEnglish, inFrench) => {
    const error = { code, message: "server text", ...(params ? { params } : {}) };
    expect(fieldErrorMessage(english, error, field)).toBe(inEnglish);
    expect(fieldErrorMessage(french, error, field)).toBe(inFrench);
  });

  it("words a missing consent as a request to accept the terms", () => {
    const error = { code: "validation_required", message: "Cannot be blank." };
    expect(fieldErrorMessage(french, error, "terms")).toBe(
      "Veuillez accepter les conditions d’utilisation pour continuer.",
    );
    expect(fieldErrorMessage(french, error, "name")).toBe("Ce champ est obligatoire.");
  });

  it("never shows the server's text: an unknown code or an unreadable limit gets a translated text", () => {
    expect(fieldErrorMessage(french, { code: "validation_custom", message: "Custom rule failed." })).toBe(
      "Cette valeur n’est pas valide.",
    );
    expect(
      fieldErrorMessage(
        french,
        { code: "validation_min_text_constraint", message: "Must be at least 3 character(s)." },
        "name",
      ),
    ).toBe("Cette valeur est trop courte.");
    expect(fieldErrorMessage(english, { code: "validation_custom", message: "" })).toBe(
      "This value isn't valid.",
    );
  });

  it("asks for a different address when the new email is the current one", () => {
    const error = { code: "validation_not_in_invalid", message: "Must not be in list." };
    expect(fieldErrorMessage(english, error, "newEmail")).toBe(
      "This is already your email address. Enter a different one.",
    );
    expect(fieldErrorMessage(french, error, "newEmail")).toBe(
      "C’est déjà votre adresse e-mail. Saisissez-en une autre.",
    );
  });

  // Every code the server can send (one constructor each in server/forms/validation.ts, with the
  // server's own English message), on every field name an account form sends.
  const serverSource = readFileSync("server/forms/validation.ts", "utf8");
  const serverErrors = [
    ...serverSource.matchAll(/error\(\s*"(validation_[a-z_]+)",\s*[`"]([^`"]*)[`"]/g),
  ].map(([, code, message]) => ({ code: code!, message: message! }));
  const formFields = [
    "name",
    "email",
    "identity",
    "password",
    "passwordConfirm",
    "oldPassword",
    "newEmail",
    "token",
    "plan",
    "price",
    "is_monthly",
    "terms",
  ];

  it("finds the server's codes", () => {
    expect(serverErrors.length).toBeGreaterThan(30);
    expect(serverErrors.map((e) => e.code)).toContain("validation_not_in_invalid");
  });

  it.each(serverErrors.map((e) => [e.code, e.message] as const))(
    "%s has a translated text on every field, never the server's",
    (code, message) => {
      for (const field of [undefined, ...formFields]) {
        for (const params of [undefined, { min: 1, max: 255 }]) {
          const error = { code, message, ...(params ? { params } : {}) };
          const inEnglish = fieldErrorMessage(english, error, field);
          const inFrench = fieldErrorMessage(french, error, field);
          expect(inEnglish).not.toBe(message);
          expect(inFrench).not.toBe(message);
          // Translated: the French catalog has its own wording for it.
          expect(inFrench).not.toBe(inEnglish);
        }
      }
    },
  );
});

describe("formErrorMessage", () => {
  it("translates PocketBase's, the network's and the spec's messages", () => {
    expect(formErrorMessage(french, "Failed to authenticate.")).toBe("E-mail ou mot de passe incorrect.");
    expect(formErrorMessage(french, "Login failed")).toBe("Échec de la connexion.");
    expect(formErrorMessage(french, "Too Many Requests.")).toBe(
      "Trop de tentatives. Patientez un instant puis réessayez.",
    );
    expect(formErrorMessage(french, "Failed to fetch")).toBe(
      "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
    );
    expect(formErrorMessage(english, "Erreur inconnue")).toBe("Unknown error.");
    expect(formErrorMessage(english, "Erreur lors du renvoi de l'email")).toBe(
      "The email could not be sent again.",
    );
  });

  it("never shows an unknown server message: the generic translated error instead, also for none", () => {
    expect(formErrorMessage(french, "Quota exceeded for this account.")).toBe(
      "Un problème est survenu. Veuillez réessayer.",
    );
    expect(formErrorMessage(french, undefined)).toBe("Un problème est survenu. Veuillez réessayer.");
  });

  it("translates a message descriptor as is", () => {
    expect(formErrorMessage(french, msg`Login failed.`)).toBe("Échec de la connexion.");
  });
});
