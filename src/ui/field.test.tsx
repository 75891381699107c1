import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as fr } from "../../locales/fr/messages.po";
import { Field } from "./field.tsx";
import { Input } from "./input.tsx";

const i18n = setupI18n({ locale: "fr", messages: { fr } });

function render(node: React.ReactNode) {
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  const attr = (tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
  return { html, attr };
}

describe("Field", () => {
  it("labels its control by id and leaves a valid one alone", () => {
    const { html, attr } = render(
      <Field label="E-mail">
        <Input id="email" name="email" />
      </Field>,
    );
    expect(attr("label", "for")).toBe("email");
    expect(attr("input", "aria-labelledby")).toBe(attr("label", "id"));
    expect(attr("input", "aria-invalid")).toBeUndefined();
    expect(attr("input", "aria-describedby")).toBeUndefined();
  });

  it("marks the control invalid and describes it by the description and the translated error", () => {
    const { html, attr } = render(
      <Field
        label="E-mail"
        description="Jamais partagé."
        error={{ code: "validation_is_email", message: "Must be a valid email address." }}
      >
        <Input name="email" aria-describedby="hint" />
      </Field>,
    );
    const id = attr("input", "id")!;
    expect(id).toBeTruthy();
    expect(attr("label", "for")).toBe(id);
    expect(attr("input", "aria-invalid")).toBe("true");
    expect(attr("input", "aria-describedby")).toBe(`hint ${id}-description ${id}-error`);
    expect(html).toContain(`id="${id}-error"`);
    expect(html).toContain("Saisissez une adresse e-mail valide.");
  });

  it("uses the control's name for field-specific wording, and shows text errors as given", () => {
    const consent = render(
      <Field
        label="CGU"
        orientation="horizontal"
        error={{ code: "validation_required", message: "Cannot be blank." }}
      >
        <Input name="terms" />
      </Field>,
    );
    expect(consent.html).toContain("Veuillez accepter les conditions d’utilisation pour continuer.");
    const text = render(
      <Field label="Nom" error="Déjà pris.">
        <Input name="name" />
      </Field>,
    );
    expect(text.html).toContain("Déjà pris.");
  });
});
