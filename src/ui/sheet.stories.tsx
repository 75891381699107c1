import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "./sheet.tsx";
import docs from "./sheet.docs.md?raw";

type SheetStoryProps = { side?: "left" | "right" | "top" | "bottom" };

function FiltersSheet({ side }: SheetStoryProps) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline">
          <Trans>Open panel</Trans>
        </Button>
      </SheetTrigger>
      <SheetContent side={side}>
        <SheetHeader>
          <SheetTitle>
            <Trans>Playback settings</Trans>
          </SheetTitle>
          <SheetDescription>
            <Trans>Changes apply to every device signed in to your account.</Trans>
          </SheetDescription>
        </SheetHeader>
        <ul className="flex flex-col gap-1 px-5 text-sm">
          <li className="rounded-md bg-muted px-3 py-2">
            <Trans>Subtitles: French</Trans>
          </li>
          <li className="rounded-md px-3 py-2 text-muted-foreground">
            <Trans>Audio: original</Trans>
          </li>
        </ul>
        <SheetFooter>
          <SheetClose asChild>
            <Button>
              <Trans>Done</Trans>
            </Button>
          </SheetClose>
        </SheetFooter>
      </SheetContent>
    </Sheet>
  );
}

const meta = {
  title: "UI/Sheet",
  component: FiltersSheet,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: { side: { control: "inline-radio", options: ["right", "left", "top", "bottom"] } },
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FiltersSheet>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (element: HTMLElement) => within(element.ownerDocument.body);

async function open(canvasElement: HTMLElement, fr: boolean) {
  await userEvent.click(
    within(canvasElement).getByRole("button", { name: fr ? "Ouvrir le panneau" : "Open panel" }),
  );
  return body(canvasElement).findByRole("dialog", { name: fr ? "Réglages de lecture" : "Playback settings" });
}

export const Right: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await open(canvasElement, fr);
    await expect(dialog).toHaveAttribute("data-side", "right");
    await expect(dialog).toHaveAccessibleDescription(
      fr
        ? "Les modifications s’appliquent à tous les appareils connectés à votre compte."
        : "Changes apply to every device signed in to your account.",
    );
    await expect(within(dialog).getByRole("button", { name: fr ? "Fermer" : "Close" })).toBeVisible();
  },
};

export const Left: Story = {
  args: { side: "left" },
  play: async ({ canvasElement, globals }) => {
    const dialog = await open(canvasElement, globals.locale === "fr");
    await expect(dialog).toHaveAttribute("data-side", "left");
    await expect(dialog.getBoundingClientRect().left).toBe(0);
  },
};

export const Bottom: Story = {
  args: { side: "bottom" },
  play: async ({ canvasElement, globals }) => {
    const dialog = await open(canvasElement, globals.locale === "fr");
    await expect(dialog).toHaveAttribute("data-side", "bottom");
  },
};

/** Escape and a click outside close it too (native popover behaviour, checked in the e2e tests). */
export const ClosesAndReturnsFocus: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const dialog = await open(canvasElement, fr);
    await userEvent.click(within(dialog).getByRole("button", { name: fr ? "Fermer" : "Close" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("dialog")).toBeNull());
    await expect(
      within(canvasElement).getByRole("button", { name: fr ? "Ouvrir le panneau" : "Open panel" }),
    ).toHaveFocus();
    const again = await open(canvasElement, fr);
    await userEvent.click(within(again).getByRole("button", { name: fr ? "Terminé" : "Done" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("dialog")).toBeNull());
  },
};
