import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { done, inDashboard, never, offline, ok, refused, superusers } from "./story-fixtures.tsx";
import { SuperusersScreen, type SuperusersScreenProps } from "./superusers.tsx";

const meta = {
  title: "Dashboard/Superusers",
  component: SuperusersScreen,
  decorators: [inDashboard],
  args: {
    currentId: "su1",
    loadSuperusers: fn(async () => ok(superusers)),
    addSuperuser: fn<SuperusersScreenProps["addSuperuser"]>(async (values) =>
      ok({ id: "su3", email: values.email, created: "2026-11-25 00:00:00.000Z" }),
    ),
    removeSuperuser: fn(done),
  },
  parameters: { path: "/_/superusers" },
} satisfies Meta<typeof SuperusersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText("ops@example.com")).toBeVisible();
    await expect(canvas.getByText(fr ? "vous" : "you")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Retirer ops@example.com" : "Remove ops@example.com" }),
    ).toBeEnabled();
  },
};

export const ConfirmRemove: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? "Retirer ops@example.com" : "Remove ops@example.com" }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await expect(dialog).toHaveTextContent(fr ? "Retirer ops@example.com ?" : "Remove ops@example.com?");
    await expect(args.removeSuperuser).not.toHaveBeenCalled();
  },
};

/** One superuser left: removing them is not offered, and the page says why. */
export const LastSuperuser: Story = {
  args: { loadSuperusers: fn(async () => ok(superusers.slice(0, 1))) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const remove = await canvas.findByRole("button", { name: fr ? "Retirer" : "Remove" });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      fr
        ? /^Le dernier superutilisateur ne peut pas être retiré\s?: ajoutez-en un autre d’abord\.$/
        : "The last superuser cannot be removed: add another one first.",
    );
  },
};

export const AddFieldErrors: Story = {
  args: {
    addSuperuser: fn<SuperusersScreenProps["addSuperuser"]>(async () =>
      refused(400, {
        message: "Failed to create record.",
        data: {
          email: { code: "validation_not_unique", message: "Value must be unique." },
          password: {
            code: "validation_length_out_of_range",
            message: "",
            params: { min: 8, max: 71 },
          } as never,
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(await canvas.findByLabelText(fr ? "E-mail" : "Email"), "ops@example.com");
    await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "short");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Ajouter" : "Add" }));
    await expect(
      await canvas.findByText(
        fr ? "Doit contenir entre 8 et 71 caractères." : "Must be between 8 and 71 characters.",
      ),
    ).toBeVisible();
    // Focus goes to the first field to fix.
    await waitFor(() => expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).toHaveFocus());
  },
};

export const Loading: Story = { args: { loadSuperusers: fn(never) } };

export const LoadFailed: Story = {
  args: { loadSuperusers: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};
