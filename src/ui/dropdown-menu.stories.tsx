import { Trans, useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";
import docs from "./dropdown-menu.docs.md?raw";

const meta = {
  title: "UI/DropdownMenu",
  component: DropdownMenu,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { onOpenChange: fn() },
  decorators: [
    (Story) => (
      <div className="flex min-h-96 justify-center p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (element: HTMLElement) => within(element.ownerDocument.body);

function ActionsMenu(props: React.ComponentProps<typeof DropdownMenu>) {
  const { t } = useLingui();
  return (
    <DropdownMenu {...props}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Trans>Options</Trans>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56" aria-label={t`Options`}>
        <DropdownMenuLabel>
          <Trans>Your account</Trans>
        </DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem>
            <Trans>Profile</Trans>
            <DropdownMenuShortcut>Ctrl+P</DropdownMenuShortcut>
          </DropdownMenuItem>
          <DropdownMenuItem>
            <Trans>Billing</Trans>
          </DropdownMenuItem>
          <DropdownMenuItem disabled>
            <Trans>Team (soon)</Trans>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem>
          <Trans>Share</Trans>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger">
          <Trans>Log out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const Closed: Story = {
  render: (args) => <ActionsMenu {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Options" });
    // The browser gives the button its expanded state from the popover it opens.
    await expect(trigger).toHaveAttribute("popovertarget", trigger.getAttribute("aria-controls"));
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(body(canvasElement).queryByRole("menu")).toBeNull();
  },
};

export const Open: Story = {
  render: (args) => <ActionsMenu {...args} />,
  play: async ({ args, canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await userEvent.click(within(canvasElement).getByRole("button", { name: "Options" }));
    const menu = await body(canvasElement).findByRole("menu");
    await expect(args.onOpenChange).toHaveBeenCalledWith(true);
    const items = within(menu).getAllByRole("menuitem");
    await expect(items.map((item) => item.textContent)).toEqual(
      fr
        ? ["ProfilCtrl+P", "Facturation", "Équipe (bientôt)", "Partager", "Se déconnecter"]
        : ["ProfileCtrl+P", "Billing", "Team (soon)", "Share", "Log out"],
    );
    await expect(items[2]).toHaveAttribute("aria-disabled", "true");
    // Arrow keys move through the items, skipping the disabled one.
    await waitFor(() => expect(menu).toHaveFocus());
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    await expect(items[3]).toHaveFocus();
    // They wrap around, and Home and End reach the ends.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}");
    await expect(items[0]).toHaveFocus();
    await userEvent.keyboard("{End}");
    await expect(items[4]).toHaveFocus();
    await userEvent.keyboard("{Home}");
    await expect(items[0]).toHaveFocus();
  },
};

export const ClosesOnEscape: Story = {
  render: (args) => <ActionsMenu {...args} />,
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Options" });
    await userEvent.click(trigger);
    await body(canvasElement).findByRole("menu");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body(canvasElement).queryByRole("menu")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** From the keyboard: ArrowDown on the button opens the menu on its first item; Tab closes it. */
export const Keyboard: Story = {
  render: (args) => <ActionsMenu {...args} />,
  play: async ({ canvasElement, globals }) => {
    const trigger = within(canvasElement).getByRole("button", { name: "Options" });
    trigger.focus();
    await userEvent.keyboard("{ArrowDown}");
    const menu = await body(canvasElement).findByRole("menu");
    await expect(menu.matches(":popover-open")).toBe(true);
    await waitFor(() =>
      expect(
        within(menu).getByRole("menuitem", { name: globals.locale === "fr" ? /Profil/ : /Profile/ }),
      ).toHaveFocus(),
    );
    await userEvent.keyboard("{Tab}");
    await waitFor(() => expect(body(canvasElement).queryByRole("menu")).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

function DisplayMenu() {
  const { t } = useLingui();
  const [compact, setCompact] = useState(false);
  const [captions, setCaptions] = useState(true);
  const [quality, setQuality] = useState("auto");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Trans>Display</Trans>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-56" aria-label={t`Display`}>
        <DropdownMenuCheckboxItem checked={captions} onCheckedChange={setCaptions}>
          <Trans>Captions</Trans>
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={compact} onCheckedChange={setCompact}>
          <Trans>Compact list</Trans>
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel inset>
          <Trans>Quality</Trans>
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup value={quality} onValueChange={setQuality}>
          <DropdownMenuRadioItem value="auto">
            <Trans>Automatic</Trans>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="hd">1080p</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="sd">480p</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const CheckboxAndRadioItems: Story = {
  render: () => <DisplayMenu />,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const trigger = within(canvasElement).getByRole("button", { name: fr ? "Affichage" : "Display" });
    await userEvent.click(trigger);
    const menu = await body(canvasElement).findByRole("menu");
    const compact = within(menu).getByRole("menuitemcheckbox", {
      name: fr ? "Liste compacte" : "Compact list",
    });
    await expect(compact).toHaveAttribute("aria-checked", "false");
    await userEvent.click(compact);
    // Choosing an item closes the menu; reopen to see the new state.
    await userEvent.click(trigger);
    const reopened = await body(canvasElement).findByRole("menu");
    await expect(
      within(reopened).getByRole("menuitemcheckbox", { name: fr ? "Liste compacte" : "Compact list" }),
    ).toHaveAttribute("aria-checked", "true");
    await expect(
      within(reopened).getByRole("menuitemradio", { name: fr ? "Automatique" : "Automatic" }),
    ).toHaveAttribute("aria-checked", "true");
  },
};
