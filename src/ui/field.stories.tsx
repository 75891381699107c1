import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { fieldErrorMessage, type FieldError } from "../forms/field-error-message.ts";
import { Checkbox } from "./checkbox.tsx";
import { Field, type FieldProps } from "./field.tsx";
import { Input } from "./input.tsx";
import { RadioGroup, RadioGroupItem } from "./radio-group.tsx";
import { Label } from "./label.tsx";
import docs from "./field.docs.md?raw";
import { readOnlyArgs } from "./story-args.ts";

const meta = {
  title: "UI/Field",
  component: Field,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  // Each story renders its own field; these only satisfy the required props.
  args: { label: "", children: <input /> },
  argTypes: {
    orientation: { control: "inline-radio", options: ["vertical", "horizontal"] },
    ...readOnlyArgs("label", "children"),
  },
  decorators: [
    (Story) => (
      <div className="grid max-w-sm gap-6 p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;
type Story = StoryObj<typeof meta>;
type FieldOrientation = FieldProps["orientation"];

const required: FieldError = { code: "validation_required", message: "Cannot be blank." };

/**
 * A PocketBase field error worded in the visitor's language, as the account forms pass it to
 * `Field` (the field name picks field-specific wording).
 */
function useFieldError(error: FieldError | undefined, field: string) {
  const { i18n } = useLingui();
  return error && fieldErrorMessage(i18n, error, field);
}

function EmailField({ error, orientation }: { error?: FieldError; orientation?: FieldOrientation }) {
  const { t } = useLingui();
  return (
    <Field
      orientation={orientation}
      label={t`Email`}
      description={t`We only write about your account.`}
      error={useFieldError(error, "email")}
    >
      <Input name="email" type="email" autoComplete="email" defaultValue="camille@example" />
    </Field>
  );
}

export const Default: Story = {
  render: (args) => <EmailField orientation={args.orientation} />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const input = within(canvasElement).getByRole("textbox", { name: fr ? "E-mail" : "Email" });
    await expect(input).not.toHaveAttribute("aria-invalid");
    await expect(input).toHaveAccessibleDescription(
      fr ? "Nous vous écrivons uniquement au sujet de votre compte." : "We only write about your account.",
    );
  },
};

/** A PocketBase field error: translated by its code, `aria-invalid`, and described by both texts. */
export const WithError: Story = {
  render: () => (
    <EmailField error={{ code: "validation_is_email", message: "Must be a valid email address." }} />
  ),
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const input = within(canvasElement).getByRole("textbox");
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      fr
        ? "Nous vous écrivons uniquement au sujet de votre compte. Saisissez une adresse e-mail valide."
        : "We only write about your account. Enter a valid email address.",
    );
  },
};

/** A code this site does not know: a translated generic message, never the server's text. */
export const UnknownCode: Story = {
  render: () => (
    <EmailField error={{ code: "validation_custom_rule", message: "Rejected by a custom rule." }} />
  ),
  play: async ({ canvasElement, globals }) => {
    const field = within(canvasElement).getByRole("textbox");
    await expect(field).toHaveAccessibleDescription(
      globals.locale === "fr" ? /Cette valeur n’est pas valide/ : /This value isn't valid/,
    );
    await expect(field).not.toHaveAccessibleDescription(/Rejected by a custom rule/);
  },
};

export const Horizontal: Story = {
  render: function Render() {
    const { t } = useLingui();
    return (
      <Field
        orientation="horizontal"
        label={t`I accept the terms of use`}
        error={useFieldError(required, "terms")}
      >
        <Checkbox name="terms" />
      </Field>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const box = within(canvasElement).getByRole("checkbox", {
      name: globals.locale === "fr" ? "J’accepte les conditions d’utilisation" : "I accept the terms of use",
    });
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(
      globals.locale === "fr"
        ? "Veuillez accepter les conditions d’utilisation pour continuer."
        : "Please accept the terms of use to continue.",
    );
  },
};

/** A group control is named by the field's label through `aria-labelledby`. */
export const Group: Story = {
  render: function Render() {
    const { t } = useLingui();
    return (
      <Field label={t`Billing`} error={useFieldError(required, "billing")}>
        <RadioGroup name="billing">
          <div className="flex items-center gap-3">
            <RadioGroupItem id="field-monthly" value="monthly" />
            <Label htmlFor="field-monthly">
              <Trans>Monthly</Trans>
            </Label>
          </div>
          <div className="flex items-center gap-3">
            <RadioGroupItem id="field-yearly" value="yearly" />
            <Label htmlFor="field-yearly">
              <Trans>Yearly</Trans>
            </Label>
          </div>
        </RadioGroup>
      </Field>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const group = within(canvasElement).getByRole("radiogroup", {
      name: globals.locale === "fr" ? "Facturation" : "Billing",
    });
    await expect(group).toHaveAttribute("aria-invalid", "true");
  },
};
