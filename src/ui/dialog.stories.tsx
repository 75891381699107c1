import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./dialog.tsx";
import docs from "./dialog.docs.md?raw";

type Args = React.ComponentProps<typeof Dialog> & { showCloseButton?: boolean };

const meta = {
  title: "UI/Dialog",
  component: Dialog,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: { showCloseButton: { control: "boolean" } },
  render: ({ showCloseButton, ...args }: Args) => (
    <div className="p-6">
      <Dialog {...args}>
        <DialogTrigger asChild>
          <Button variant="outline">
            <Trans>Show the details</Trans>
          </Button>
        </DialogTrigger>
        <DialogContent showCloseButton={showCloseButton}>
          <DialogHeader>
            <DialogTitle>
              <Trans>Paid plan</Trans>
            </DialogTitle>
            <DialogDescription>
              <Trans>Every feature, on every device.</Trans>
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button>
                <Trans>Done</Trans>
              </Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  ),
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger, traps focus, closes with Escape and gives focus back to the trigger. */
export const Closed: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    const trigger = body.getByRole("button", { name: fr ? "Voir le détail" : "Show the details" });
    await userEvent.click(trigger);
    const dialog = await body.findByRole("dialog", { name: fr ? "Offre payante" : "Paid plan" });
    await expect(dialog).toBeVisible();
    await expect(within(dialog).getByRole("button", { name: fr ? "Fermer" : "Close" })).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("dialog")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  // Open on a docs page, the modal would cover the whole page.
  tags: ["!autodocs"],
  args: { defaultOpen: true },
};
