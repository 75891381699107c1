import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { BackupsScreen, type BackupsScreenProps } from "./backups.tsx";
import { backups, done, inDashboard, never, offline, ok, refused } from "./story-fixtures.tsx";

const meta = {
  title: "Dashboard/Backups",
  component: BackupsScreen,
  decorators: [inDashboard],
  args: {
    loadBackups: fn(async () => ok(backups)),
    loadSchedule: fn<BackupsScreenProps["loadSchedule"]>(async () => ok("0 3 * * *")),
    createBackup: fn(done),
    downloadUrl: fn(async (key: string) => ok(`/api/backups/${key}?token=t`)),
    restoreBackup: fn(done),
    deleteBackup: fn(done),
    uploadBackup: fn(done),
    onDownload: fn(),
    onRestored: fn(),
  },
  parameters: { path: "/_/backups" },
} satisfies Meta<typeof BackupsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText("pb_backup_20261124231500.zip")).toBeVisible();
    // French writes octets: Mo.
    await expect(canvas.getByText(fr ? "2,3 Mo" : "2.3 MB")).toBeVisible();
    await expect(await canvas.findByText("0 3 * * *")).toBeVisible();
    await userEvent.click(
      canvas.getByRole("button", {
        name: fr ? "Télécharger before-migration.zip" : "Download before-migration.zip",
      }),
    );
    await waitFor(() =>
      expect(args.onDownload).toHaveBeenCalledWith("/api/backups/before-migration.zip?token=t"),
    );
  },
};

export const ConfirmRestore: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", {
        name: fr ? "Restaurer before-migration.zip" : "Restore before-migration.zip",
      }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await expect(dialog).toHaveTextContent(
      fr ? "Restaurer before-migration.zip ?" : "Restore before-migration.zip?",
    );
    await expect(args.restoreBackup).not.toHaveBeenCalled();
  },
};

export const ConfirmDelete: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", {
        name: fr ? "Supprimer before-migration.zip" : "Delete before-migration.zip",
      }),
    );
    await expect(await within(document.body).findByRole("alertdialog")).toHaveTextContent(
      fr ? "Supprimer before-migration.zip ?" : "Delete before-migration.zip?",
    );
  },
};

/** A name the server refuses: its field error, worded by the site. */
export const NameRefused: Story = {
  args: {
    createBackup: fn(async () =>
      refused(400, {
        message: "An error occurred while validating the submitted data.",
        data: { name: { code: "validation_match_invalid", message: "Invalid value format." } },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.type(canvas.getByLabelText(fr ? "Nom (facultatif)" : "Name (optional)"), "Bad Name");
    await userEvent.click(
      canvas.getByRole("button", { name: fr ? "Faire une sauvegarde" : "Make a backup" }),
    );
    await expect(await canvas.findByRole("alert")).toHaveTextContent(
      fr ? "Cette valeur n’est pas valide." : "This value isn't valid.",
    );
  },
};

export const Empty: Story = {
  args: { loadBackups: fn(async () => ok([])), loadSchedule: fn(async () => ok(null)) },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await expect(
      await within(canvasElement).findByText(fr ? "Aucune sauvegarde pour l’instant." : "No backups yet."),
    ).toBeVisible();
  },
};

export const Loading: Story = { args: { loadBackups: fn(never) } };

export const LoadFailed: Story = {
  args: { loadBackups: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};
