import type { Meta, StoryObj } from "@storybook/react-vite";
import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { expect, spyOn, userEvent, waitFor, within } from "storybook/test";
import type { ButtonProps } from "./button.tsx";
import { CopyButton } from "./copy-button.tsx";
import docs from "./copy-button.docs.md?raw";

/** Button's variants and sizes (`src/ui/button.tsx`), which CopyButton takes, for the Controls panel. */
const controls = {
  variant: ["outline", "default", "secondary", "outline-warning", "ghost", "destructive", "link"],
  size: ["icon", "icon-sm", "sm", "default", "lg", "avatar", "multiline"],
} satisfies { [K in "variant" | "size"]: readonly NonNullable<ButtonProps[K]>[] };

/**
 * The browser's clipboard needs a permission prompt in headless runs: a story observes the call
 * instead, writing `result`. The docs page renders every story at once and keeps the real clipboard.
 */
function observeClipboard(viewMode: string, result: () => Promise<void>) {
  if (viewMode === "docs") return undefined;
  const spy = spyOn(navigator.clipboard, "writeText").mockImplementation(result);
  return () => spy.mockRestore();
}

function Labelled(props: Omit<React.ComponentProps<typeof CopyButton>, "aria-label">) {
  const { t } = useLingui();
  return <CopyButton aria-label={t`Copy username`} {...props} />;
}

const meta = {
  title: "UI/CopyButton",
  component: CopyButton,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { value: "camillemartin_x7k2@lumen.stream", resetAfter: 600, variant: "outline", size: "icon" },
  argTypes: {
    variant: { control: "select", options: controls.variant },
    size: { control: "select", options: controls.size },
  },
  render: (args) => (
    <div className="flex items-center gap-3 p-6">
      <code className="rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm">
        {args.value}
      </code>
      <Labelled {...args} />
    </div>
  ),
  beforeEach: ({ viewMode }) => observeClipboard(viewMode, async () => {}),
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Copies the value, announces "Copied" in a polite live region, then goes back to rest. */
export const Default: Story = {
  play: async ({ args, canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole("button", {
      name: globals.locale === "fr" ? "Copier l’identifiant" : "Copy username",
    });
    const status = canvas.getByRole("status");
    await expect(status).toBeEmptyDOMElement();
    await userEvent.click(button);
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(args.value);
    await expect(status).toHaveTextContent(globals.locale === "fr" ? "Copié" : "Copied");
    await expect(button).toHaveAttribute("data-state", "copied");
    await waitFor(() => expect(status).toBeEmptyDOMElement(), { timeout: 3000 });
    await expect(button).toHaveAttribute("data-state", "idle");
  },
};

export const WithText: Story = {
  args: { size: "sm" },
  render: (args) => (
    <div className="p-6">
      <CopyButton {...args}>
        <Trans>Copy the link</Trans>
      </CopyButton>
    </div>
  ),
};

export const CopyFailed: Story = {
  beforeEach: ({ viewMode }) =>
    observeClipboard(viewMode, async () => {
      throw new Error("denied");
    }),
  args: { resetAfter: 60_000 },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button"));
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Échec de la copie" : "Copy failed",
    );
  },
};
