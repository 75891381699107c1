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
import docs from "./alert-dialog.docs.md?raw";

type Args = React.ComponentProps<typeof AlertDialog> & {
  onConfirm: () => void;
  /** The confirming button's variant (`AlertDialogAction`'s own: `destructive` by default). */
  actionVariant?: React.ComponentProps<typeof AlertDialogAction>["variant"];
};

const meta = {
  title: "UI/AlertDialog",
  component: AlertDialog,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onConfirm: fn() },
  argTypes: { actionVariant: { control: "inline-radio", options: ["destructive", "default"] } },
  render: ({ onConfirm, actionVariant, ...args }: Args) => (
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
            <AlertDialogAction variant={actionVariant} onClick={onConfirm}>
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

export const Open: Story = {
  // Open on a docs page, the modal would cover the whole page.
  tags: ["!autodocs"],
  args: { defaultOpen: true },
};
