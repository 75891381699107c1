import type { Meta, StoryObj } from "@storybook/react-vite";
import type { MailContent } from "./layout.ts";
import { EmailPreview, emailLoader, storySite } from "./email-preview.tsx";
import { accountEmail, type TemplateInput } from "./templates.ts";

// The account emails (templates.ts): each links to the site's page that completes the action.

type Args = Pick<TemplateInput, "kind" | "validFor" | "newEmail">;

const meta = {
  title: "Emails/Account",
  args: { kind: "verification", validFor: 86400 },
  loaders: [
    emailLoader<Args>((i18n, args, locale) =>
      accountEmail(i18n, { ...storySite, ...args, locale, token: "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl" }),
    ),
  ],
  render: (_args, { loaded }) => <EmailPreview mail={loaded.mail as MailContent} />,
} satisfies Meta<Args>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verification: Story = {};

export const PasswordReset: Story = { args: { kind: "passwordReset", validFor: 1800 } };

export const EmailChange: Story = {
  args: { kind: "emailChange", validFor: 1800, newEmail: "zoe.new@example.com" },
};
