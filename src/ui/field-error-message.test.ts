import { setupI18n, type I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { messages as en } from "../../locales/en/messages.po";
import { messages as fr } from "../../locales/fr/messages.po";
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

  it("falls back to the server's message for a code it does not know, or a limit it cannot read", () => {
    expect(fieldErrorMessage(french, { code: "validation_custom", message: "Custom rule failed." })).toBe(
      "Custom rule failed.",
    );
    expect(
      fieldErrorMessage(
        french,
        { code: "validation_min_text_constraint", message: "Must be at least 3 character(s)." },
        "name",
      ),
    ).toBe("Must be at least 3 character(s).");
    expect(fieldErrorMessage(english, { code: "validation_custom", message: "" })).toBe(
      "This value isn't valid.",
    );
  });
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

  it("shows an unknown message as received and has a default for none", () => {
    expect(formErrorMessage(french, "Quota exceeded for this account.")).toBe(
      "Quota exceeded for this account.",
    );
    expect(formErrorMessage(french, undefined)).toBe("Un problème est survenu. Veuillez réessayer.");
  });

  it("translates a message descriptor as is", () => {
    expect(formErrorMessage(french, msg`Login failed.`)).toBe("Échec de la connexion.");
  });
});
