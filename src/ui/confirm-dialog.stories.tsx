import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import docs from "./confirm-dialog.docs.md?raw";
import { readOnlyArgs } from "./story-args.ts";

/** The Stremio card's "Regenerate", the confirmation people meet on their account page. */
const meta = {
  title: "UI/ConfirmDialog",
  component: ConfirmDialog,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: {
    onConfirm: fn(),
    trigger: (
      <Button variant="outline">
        <Trans>Regenerate</Trans>
      </Button>
    ),
    title: <Trans>Regenerate your Stremio credentials?</Trans>,
    description: (
      <Trans>
        Both your Stremio username and your password will change, and the current ones will stop working. You
        will need to sign in again with the new credentials on every device.
      </Trans>
    ),
    confirm: <Trans>Regenerate</Trans>,
  },
  argTypes: readOnlyArgs("trigger", "title", "description", "confirm"),
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (canvasElement: HTMLElement, fr: boolean) =>
  within(canvasElement).getByRole("button", { name: fr ? "Régénérer" : "Regenerate" });

/**
 * The trigger says it opens a dialog; Escape (like Cancel) changes nothing and gives the focus back
 * to it; the confirming button calls back once.
 */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    const button = trigger(canvasElement, fr);
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    const dialog = await body.findByRole("alertdialog", {
      name: fr ? "Régénérer vos identifiants Stremio\u202f?" : "Regenerate your Stremio credentials?",
    });
    await expect(within(dialog).getByRole("button", { name: fr ? "Annuler" : "Cancel" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull());
    await expect(button).toHaveFocus();
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.click(button);
    const again = await body.findByRole("alertdialog");
    await userEvent.click(within(again).getByRole("button", { name: fr ? "Régénérer" : "Regenerate" }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole("alertdialog")).toBeNull());
  },
};

/** The question as it first appears, focus on Cancel. */
export const Open: Story = {
  // Its play function opens it: on the docs page, which runs none, it would repeat Default.
  tags: ["!autodocs"],
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await userEvent.click(trigger(canvasElement, fr));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("alertdialog");
    await expect(within(dialog).getByRole("button", { name: fr ? "Annuler" : "Cancel" })).toHaveFocus();
  },
};
