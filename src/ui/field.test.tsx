import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { messages as fr } from "#locales/fr/messages.po";
import { Field } from "./field.tsx";
import { Input } from "./input.tsx";
import { RadioGroup, RadioGroupItem } from "./radio-group.tsx";

const i18n = setupI18n({ locale: "fr", messages: { fr } });

function render(node: React.ReactNode) {
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  const attr = (tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(html)?.[1];
  return { html, attr };
}

describe("Field", () => {
  it("labels its control by id and leaves a valid one alone", () => {
    const { attr } = render(
      <Field label="E-mail">
        <Input id="email" name="email" />
      </Field>,
    );
    expect(attr("label", "for")).toBe("email");
    expect(attr("input", "aria-labelledby")).toBe(attr("label", "id"));
    expect(attr("input", "aria-invalid")).toBeUndefined();
    expect(attr("input", "aria-describedby")).toBeUndefined();
  });

  it("marks the control invalid and describes it by the description and the error", () => {
    const { html, attr } = render(
      <Field label="E-mail" description="Jamais partagé." error="Saisissez une adresse e-mail valide.">
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

  it("names a radio group by its label without a `for`, which only a form control may take", () => {
    const { html, attr } = render(
      <Field label="Formule">
        <RadioGroup name="plan">
          <RadioGroupItem value="free" aria-label="Essai" />
        </RadioGroup>
      </Field>,
    );
    expect(attr("label", "for")).toBeUndefined();
    expect(attr("div", "aria-labelledby")).toBe(attr("label", "id"));
    expect(html).toContain('role="radiogroup"');
  });

  it("shows no error for an empty text", () => {
    const { html, attr } = render(
      <Field label="Nom" error="">
        <Input name="name" />
      </Field>,
    );
    expect(attr("input", "aria-invalid")).toBeUndefined();
    expect(html).not.toContain("field-error");
  });
});
