import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog.tsx";
import { Button } from "./button.tsx";

type Args = React.ComponentProps<typeof AlertDialog> & { onConfirm: () => void };

const meta = {
  title: "UI/AlertDialog",
  component: AlertDialog,
  args: { onConfirm: fn() },
  render: ({ onConfirm, ...args }: Args) => (
    <div className="p-6">
      <AlertDialog {...args}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">
            <Trans>Delete</Trans>
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>
              <Trans>Delete this device?</Trans>
            </AlertDialogTitle>
            <AlertDialogDescription>
              <Trans>It will have to sign in again.</Trans>
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>
              <Trans>Cancel</Trans>
            </AlertDialogCancel>
            <AlertDialogAction onClick={onConfirm}>
              <Trans>Delete</Trans>
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Cancel does nothing; only the confirming action calls back. Focus starts on Cancel. */
export const Confirming: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole("button", { name: fr ? "Supprimer" : "Delete" }));
    const dialog = await body.findByRole("alertdialog");
    await expect(within(dialog).getByRole("button", { name: fr ? "Annuler" : "Cancel" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(body.getByRole("button", { name: fr ? "Supprimer" : "Delete" }));
    const again = await body.findByRole("alertdialog");
    await userEvent.click(within(again).getByRole("button", { name: fr ? "Supprimer" : "Delete" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = { args: { defaultOpen: true } };
