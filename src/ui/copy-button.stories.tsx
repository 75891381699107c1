import type { Meta, StoryObj } from "@storybook/react-vite";
import { Trans, useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { expect, spyOn, userEvent, waitFor, within } from "storybook/test";
import { CopyButton } from "./copy-button.tsx";

function Labelled(props: Omit<React.ComponentProps<typeof CopyButton>, "aria-label">) {
  const { t } = useLingui();
  return <CopyButton aria-label={t`Copy username`} {...props} />;
}

const meta = {
  title: "UI/CopyButton",
  component: CopyButton,
  args: { value: "camillemartin_x7k2@lumen.stream", resetAfter: 600 },
  render: (args) => (
    <div className="flex items-center gap-3 p-6">
      <code className="rounded-md border border-border bg-surface px-3 py-2 font-mono text-sm">
        {args.value}
      </code>
      <Labelled {...args} />
    </div>
  ),
  // The browser's clipboard needs a permission prompt in headless runs: observe the call instead.
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined);
    return () => spy.mockRestore();
  },
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
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    return () => spy.mockRestore();
  },
  args: { resetAfter: 60_000 },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button"));
    await expect(canvas.getByRole("status")).toHaveTextContent(
      globals.locale === "fr" ? "Échec de la copie" : "Copy failed",
    );
  },
};
