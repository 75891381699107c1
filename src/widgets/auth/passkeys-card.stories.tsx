import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ok } from "../../auth/action-result.ts";
import { laptopPasskey, phonePasskey } from "../../auth/auth-fixtures.ts";
import { ceremonyFailure } from "../../auth/passkeys.ts";
import { refused } from "../../screens/account/story-actions.ts";
import { PasskeysCard } from "./passkeys-card.tsx";
import { accountFormStory } from "./story-decorators.tsx";
import docs from "./passkeys-card.docs.md?raw";

const meta = {
  title: "Auth/PasskeysCard",
  component: PasskeysCard,
  args: {
    supported: true,
    actions: {
      list: fn(async () => ok([phonePasskey])),
      add: fn(async () => ok(laptopPasskey)),
      remove: fn(async () => ok(undefined)),
    },
  },
  ...accountFormStory,
  tags: ["autodocs"],
  argTypes: { headingLevel: { control: "inline-radio", options: [1, 2, 3] } },
  parameters: { ...accountFormStory.parameters, docs: { description: { component: docs } } },
} satisfies Meta<typeof PasskeysCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const cancelledCeremony = Object.assign(new Error("The operation either timed out or was not allowed."), {
  name: "NotAllowedError",
});

/** One passkey, used since: its name and both dates in the page's language. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const item = await canvas.findByRole("listitem");
    await expect(item).toHaveTextContent("Safari on iPhone");
    await expect(item).toHaveTextContent(
      fr
        ? "Ajoutée le 14 sept. 2026, utilisée le 20 nov. 2026"
        : "Added Sep 14, 2026, last used Nov 20, 2026",
    );
  },
};

/** "Add a passkey": the new one joins the list, and the card says what to do next. */
export const Added: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    );
    await expect(args.actions.add).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.getAllByRole("listitem")).toHaveLength(2));
    await expect(canvas.getByRole("status")).toHaveTextContent(
      fr ? /Clé d’accès ajoutée\s: Chrome on Linux\./ : "Passkey added: Chrome on Linux.",
    );
  },
};

/** The visitor closed the browser's prompt: the card says so, and nothing was added. */
export const Cancelled: Story = {
  args: {
    actions: {
      ...meta.args.actions,
      add: fn(async () => ceremonyFailure(cancelledCeremony, { id: "story.unused" })),
    },
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    );
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr
        ? "La demande de clé d’accès a été annulée ou a expiré."
        : "The passkey request was cancelled or timed out.",
    );
    await expect(canvas.getAllByRole("listitem")).toHaveLength(1);
  },
};

/** Remove, after the confirmation: the passkey leaves the list. */
export const Removed: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Supprimer la clé d’accès Safari on iPhone" : "Remove the passkey Safari on iPhone",
      }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await userEvent.click(
      within(dialog).getByRole("button", { name: fr ? "Supprimer la clé d’accès" : "Remove the passkey" }),
    );
    await waitFor(() => expect(args.actions.remove).toHaveBeenCalledWith(phonePasskey.id));
    await waitFor(() => expect(canvas.queryByRole("listitem")).toBeNull());
    await expect(
      canvas.getByText(fr ? "Vous n’avez pas encore de clé d’accès." : "You have no passkey yet."),
    ).toBeVisible();
  },
};

/** No passkey yet. */
export const Empty: Story = {
  args: { actions: { ...meta.args.actions, list: fn(async () => ok([])) } },
};

/** While the list loads. */
export const Loading: Story = {
  args: { actions: { ...meta.args.actions, list: fn(() => new Promise<never>(() => {})) } },
};

/** The list could not load: the card says so and offers to try again. */
export const LoadFailed: Story = {
  args: { actions: { ...meta.args.actions, list: fn(async () => refused(0)) } },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("alert")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: globals.locale === "fr" ? "Réessayer" : "Try again" }),
    ).toBeVisible();
  },
};

/** A browser that cannot make passkeys: no button, and the password still works. */
export const Unsupported: Story = {
  args: { supported: false },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await canvas.findByRole("listitem");
    await expect(
      canvas.queryByRole("button", { name: fr ? "Ajouter une clé d’accès" : "Add a passkey" }),
    ).toBeNull();
    await expect(
      canvas.getByText(
        fr ? /Ce navigateur ne peut pas créer de clé d’accès/ : /This browser cannot make passkeys/,
      ),
    ).toBeVisible();
  },
};
