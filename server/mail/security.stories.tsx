import type { Meta, StoryObj } from "@storybook/react-vite";
import type { MailContent } from "./layout.ts";
import { EmailPreview, emailLoader, storySeller, storySite } from "./email-preview.tsx";
import { type SecurityMail, securityEmail } from "./security-templates.ts";

// The security emails (security-templates.ts): what changed on the account and what to do if it
// was not the reader. None holds a token: each leads to a public page (a superuser's, to the dashboard).

const when = "2026-10-05 09:05:00.000Z";

const meta = {
  title: "Emails/Security",
  args: { kind: "passwordChanged" },
  loaders: [
    emailLoader<SecurityMail>((i18n, args, locale) =>
      securityEmail(i18n, { ...storySite, supportEmail: storySeller.supportEmail, ...args, locale }),
    ),
  ],
  render: (_args, { loaded }) => <EmailPreview mail={loaded.mail as MailContent} />,
} satisfies Meta<SecurityMail>;

export default meta;
type Story = StoryObj<SecurityMail>;

export const PasswordChanged: Story = {};

/** After a reset of an address not confirmed yet: the ways to sign in added to it are gone. */
export const PasswordChangedFactorsRemoved: Story = {
  args: { kind: "passwordChanged", removed: { passkeys: ["Chrome on Android", "YubiKey"], totp: true } },
};

/** It leads to the support address: the reader writes to us from the old address. */
export const EmailChanged: Story = { args: { kind: "emailChanged", newEmail: "zoe.new@example.com" } };

export const SuperuserPasswordChanged: Story = {
  args: { kind: "superuserPasswordChanged", by: "ops@lumen.example", when, superuser: true },
};

export const AccountDeleted: Story = { args: { kind: "accountDeleted", subscriptionCanceled: true } };

export const PasskeyAdded: Story = { args: { kind: "passkeyAdded", passkeyName: "Chrome on Android", when } };

export const PasskeyRemoved: Story = {
  args: { kind: "passkeyRemoved", passkeyName: "Chrome on Android", when },
};

export const TotpEnabled: Story = { args: { kind: "totpEnabled", when } };

export const TotpDisabled: Story = { args: { kind: "totpDisabled", when } };

export const RecoveryCodesRenewed: Story = { args: { kind: "recoveryCodesRenewed", when } };

export const RecoveryCodeUsed: Story = { args: { kind: "recoveryCodeUsed", when, recoveryCodesLeft: 7 } };

export const TotpFailures: Story = { args: { kind: "totpFailures", when, failures: 10 } };
