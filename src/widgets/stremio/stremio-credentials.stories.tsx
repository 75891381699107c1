import type { Meta, StoryObj } from "@storybook/react-vite";
import * as React from "react";
import { expect, fn, spyOn, userEvent, waitFor, within } from "storybook/test";
import { stremioRecord } from "#src/auth/auth-fixtures.ts";
import type { FormStatus } from "#src/forms/use-form.ts";
import { StremioCredentials, type StremioCredentialsProps } from "./stremio-credentials.tsx";
import { accountFormStory } from "../auth/story-decorators.tsx";
import docs from "./stremio-credentials.docs.md?raw";

const credentials = { username: stremioRecord.email, password: stremioRecord.password };

const meta = {
  title: "Stremio/StremioCredentials",
  component: StremioCredentials,
  args: { onGenerate: fn(), status: "idle", credentials },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: {
    status: { control: "inline-radio", options: ["idle", "submitting", "success", "error"] },
    headingLevel: { control: "inline-radio", options: [2, 3] },
  },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
  // The browser's clipboard needs a permission prompt in headless runs: observe the call instead.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
} satisfies Meta<typeof StremioCredentials>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No credentials yet: one button generates them. */
export const Empty: Story = {
  args: { credentials: null },
  parameters: { auth: "Unverified" },
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", {
        name: globals.locale === "fr" ? "Générer mes identifiants" : "Generate my credentials",
      }),
    );
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
  },
};

export const Generating: Story = {
  args: { credentials: null, status: "submitting" },
  parameters: { auth: "Unverified" },
  play: async ({ canvasElement }) => {
    // aria-disabled, not disabled: a disabled button would drop keyboard focus to the page's top.
    const button = within(canvasElement).getByRole("button", { busy: true });
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toBeEnabled();
  },
};

/** Username shown, password masked; each copies with a spoken "Copied". */
export const Ready: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    // The username is drawn in parts (so that it never breaks inside one): match the whole box.
    await expect(
      canvas.getByText((_, node) => node?.tagName === "CODE" && node.textContent === credentials.username),
    ).toBeVisible();
    await expect(canvas.queryByText(credentials.password)).toBeNull();
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Copier le mot de passe" : "Copy password" }),
    );
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(credentials.password);
    await waitFor(() =>
      expect(canvas.getAllByRole("status").some((s) => s.textContent === (fr ? "Copié" : "Copied"))).toBe(
        true,
      ),
    );
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Copier l’identifiant" : "Copy username" }),
    );
    await expect(navigator.clipboard.writeText).toHaveBeenLastCalledWith(credentials.username);
    // The "copied" ticks go back to copy icons after 2 s: wait, so the screenshot is always the same.
    await waitFor(
      () =>
        expect(canvasElement.querySelectorAll('[data-slot="copy-button"][data-state="copied"]')).toHaveLength(
          0,
        ),
      { timeout: 5000 },
    );
  },
};

/** The reveal toggle shows the password and says what it will do next. */
export const Revealed: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Afficher le mot de passe" : "Show password" }),
    );
    await expect(canvas.getByText(credentials.password)).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Masquer le mot de passe" : "Hide password" }),
    ).toBeVisible();
  },
};

/** "Regenerate" asks first: Cancel changes nothing, confirming calls back once. */
export const RegenerateConfirmation: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    const regenerate = body.getByRole("button", { name: fr ? "Régénérer" : "Regenerate" });
    await userEvent.click(regenerate);
    const dialog = await body.findByRole("alertdialog", {
      name: fr ? "Régénérer vos identifiants Stremio\u202f?" : "Regenerate your Stremio credentials?",
    });
    await userEvent.click(within(dialog).getByRole("button", { name: fr ? "Annuler" : "Cancel" }));
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull());
    await expect(args.onGenerate).not.toHaveBeenCalled();
    await expect(regenerate).toHaveFocus();
    await userEvent.click(regenerate);
    const again = await body.findByRole("alertdialog");
    await userEvent.click(within(again).getByRole("button", { name: fr ? "Régénérer" : "Regenerate" }));
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
  },
};

/** The confirmation as it first appears. */
export const RegenerateDialog: Story = {
  play: async ({ canvasElement, globals }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      body.getByRole("button", { name: globals.locale === "fr" ? "Régénérer" : "Regenerate" }),
    );
    await expect(await body.findByRole("alertdialog")).toBeVisible();
  },
};

export const Regenerating: Story = {
  args: { status: "submitting" },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole("button", { busy: true });
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onGenerate).not.toHaveBeenCalled();
  },
};

/**
 * Regenerating from the keyboard, wired as the account page does: the dialog says both values
 * change, focus stays on the card's button while the request runs, the new credentials show and a
 * live region says they changed.
 */
export const Regenerated: Story = {
  render: function Render(args: StremioCredentialsProps) {
    const [status, setStatus] = React.useState<FormStatus>("idle");
    const [value, setValue] = React.useState(credentials);
    return (
      <StremioCredentials
        {...args}
        credentials={value}
        status={status}
        onGenerate={() => {
          args.onGenerate();
          setStatus("submitting");
          // Long enough for the play function to see the pending button on a loaded machine.
          setTimeout(() => {
            setValue({ username: "camillemartin_q9z3@lumen.stream", password: "N3w-Pa55word-Val" });
            setStatus("success");
          }, 1000);
        }}
      />
    );
  },
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    const regenerate = body.getByRole("button", { name: fr ? "Régénérer" : "Regenerate" });
    regenerate.focus();
    await userEvent.keyboard("{Enter}");
    const dialog = await body.findByRole("alertdialog");
    await expect(dialog).toHaveAccessibleDescription(
      fr
        ? /identifiant et votre mot de passe Stremio vont tous deux changer/
        : /Both your Stremio username and your password will change/,
    );
    await userEvent.click(within(dialog).getByRole("button", { name: fr ? "Régénérer" : "Regenerate" }));
    await expect(args.onGenerate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(regenerate).toHaveAttribute("aria-busy", "true"));
    await waitFor(() => expect(regenerate).toHaveFocus());
    await waitFor(() =>
      expect(canvasElement.querySelector('[role="status"][data-slot="form-success"]')).toHaveTextContent(
        fr ? "Vos nouveaux identifiants Stremio sont prêts" : "Your new Stremio credentials are ready",
      ),
    );
    await expect(
      body.getByText(
        (_, node) => node?.tagName === "CODE" && node.textContent === "camillemartin_q9z3@lumen.stream",
      ),
    ).toBeVisible();
    await expect(regenerate).toHaveFocus();
  },
};

/** The first credentials, from the empty state: focus moves to the card instead of the page's top. */
export const GeneratedFromEmpty: Story = {
  args: { credentials: null },
  parameters: { auth: "Unverified" },
  render: function Render(args: StremioCredentialsProps) {
    const [status, setStatus] = React.useState<FormStatus>("idle");
    const [value, setValue] = React.useState<StremioCredentialsProps["credentials"]>(null);
    return (
      <StremioCredentials
        {...args}
        credentials={value}
        status={status}
        onGenerate={() => {
          setStatus("submitting");
          setTimeout(() => {
            setValue(credentials);
            setStatus("success");
          }, 300);
        }}
      />
    );
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const generate = canvas.getByRole("button", {
      name: fr ? "Générer mes identifiants" : "Generate my credentials",
    });
    generate.focus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(generate).toHaveAttribute("aria-busy", "true"));
    await expect(generate).toHaveFocus();
    const card = canvas.getByRole("region", { name: fr ? "Identifiants Stremio" : "Stremio credentials" });
    await waitFor(() => expect(card).toHaveFocus());
    await expect(card.querySelector('[role="status"][data-slot="form-success"]')).toHaveTextContent(
      fr ? "Vos identifiants Stremio sont prêts." : "Your Stremio credentials are ready.",
    );
  },
};

/** The address is not confirmed yet: the card says the credentials work once it is. */
export const Unverified: Story = {
  args: { unverified: true },
  parameters: { auth: "Unverified" },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        globals.locale === "fr"
          ? "Vos identifiants Stremio fonctionneront dès que vous aurez confirmé votre adresse e-mail avec le lien que nous vous avons envoyé."
          : "Your Stremio credentials start working once you confirm your email address with the link we sent you.",
      ),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  args: { status: "error", message: "Something went wrong while processing your request." },
};

/** Each platform has its own steps. */
export const AndroidSteps: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Android" }));
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("Google Play Store");
  },
};

/** On a phone the username wraps before its `@` at most: no part of a credential is cut. */
export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement }) => {
    const parts = canvasElement.querySelectorAll("[data-slot=credential-part]");
    await expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) await expect(part.getClientRects()).toHaveLength(1);
  },
};
