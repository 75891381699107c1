import { Trans, useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "./tooltip.tsx";
import docs from "./tooltip.docs.md?raw";

function CopyHint(
  props: React.ComponentProps<typeof Tooltip> & { side?: "top" | "right" | "bottom" | "left" },
) {
  const { t } = useLingui();
  const { side, ...rest } = props;
  return (
    <Tooltip {...rest}>
      <TooltipTrigger asChild>
        <Button variant="outline" size="icon" aria-label={t`Copy username`}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="9" y="9" width="12" height="12" rx="2" />
            <path d="M5 15V5a2 2 0 0 1 2-2h10" />
          </svg>
        </Button>
      </TooltipTrigger>
      <TooltipContent side={side}>
        <Trans>Copy username</Trans>
      </TooltipContent>
    </Tooltip>
  );
}

const meta = {
  title: "UI/Tooltip",
  component: CopyHint,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  argTypes: { side: { control: "inline-radio", options: ["top", "right", "bottom", "left"] } },
  decorators: [
    (Story) => (
      <div className="flex min-h-48 items-center justify-center p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CopyHint>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (element: HTMLElement) => within(element.ownerDocument.body);

export const OnHover: Story = {
  play: async ({ canvasElement, globals }) => {
    const name = globals.locale === "fr" ? "Copier l’identifiant" : "Copy username";
    await userEvent.hover(within(canvasElement).getByRole("button", { name }));
    await expect(await body(canvasElement).findByRole("tooltip")).toHaveTextContent(name);
  },
};

export const OnKeyboardFocus: Story = {
  args: { side: "right" },
  play: async ({ canvasElement, globals }) => {
    const name = globals.locale === "fr" ? "Copier l’identifiant" : "Copy username";
    await userEvent.tab();
    await expect(within(canvasElement).getByRole("button", { name })).toHaveFocus();
    await expect(await body(canvasElement).findByRole("tooltip")).toHaveTextContent(name);
    // Escape dismisses it without moving focus (WCAG 1.4.13).
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(body(canvasElement).queryByRole("tooltip")).toBeNull());
  },
};
