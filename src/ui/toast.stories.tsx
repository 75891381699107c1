import { useLingui } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "./button.tsx";
import { Toaster } from "./toast.tsx";
import { toast, type ToastVariant } from "./use-toast.ts";

// Long enough that a toast is still there when the screenshot is taken.
const duration = 60_000;

function ToastDemo({ variants }: { variants: ToastVariant[] }) {
  const { t } = useLingui();
  const content: Record<ToastVariant, { title: string; description: string }> = {
    default: { title: t`Link sent`, description: t`Check your inbox.` },
    success: { title: t`Changes saved`, description: t`Your profile is up to date.` },
    danger: { title: t`Could not save`, description: t`Please try again in a moment.` },
  };
  return (
    <div className="p-6">
      <Button
        variant="outline"
        onClick={() => {
          for (const variant of variants) toast({ ...content[variant], variant, duration });
        }}
      >
        {t`Show the notification`}
      </Button>
      <Toaster />
    </div>
  );
}

const meta = {
  title: "UI/Toast",
  component: ToastDemo,
  args: { variants: ["success"] },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** `toast()` shows a notification in the Toaster, read out politely; its close button removes it. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      body.getByRole("button", { name: fr ? "Afficher la notification" : "Show the notification" }),
    );
    const title = await body.findByText(fr ? "Modifications enregistrées" : "Changes saved");
    await expect(title).toBeVisible();
    await userEvent.click(body.getByRole("button", { name: fr ? "Fermer" : "Close" }));
    await waitFor(() =>
      expect(body.queryByText(fr ? "Modifications enregistrées" : "Changes saved")).toBeNull(),
    );
    await userEvent.click(
      body.getByRole("button", { name: fr ? "Afficher la notification" : "Show the notification" }),
    );
    await body.findByText(fr ? "Modifications enregistrées" : "Changes saved");
  },
};

export const Variants: Story = {
  args: { variants: ["default", "success", "danger"] },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      body.getByRole("button", { name: fr ? "Afficher la notification" : "Show the notification" }),
    );
    await waitFor(() =>
      expect(body.getAllByRole("button", { name: fr ? "Fermer" : "Close" })).toHaveLength(3),
    );
  },
};
