import { type BillingMailInput, billingEmail } from "./billing-templates.ts";
import { emailI18n } from "./catalog.ts";
import { type MailContent, renderEmail } from "./layout.ts";
import { type SecurityMailInput, securityEmail } from "./security-templates.ts";
import { accountEmail, type TemplateInput } from "./templates.ts";

// The server's side of the emails: each one's words in the reader's language (catalog.ts), in
// the form of layout.ts. The templates themselves read no file, so that Storybook shows them too.

/**
 * A later turn of the event loop: rendering (a few milliseconds of React) never delays the answer
 * of the request that sends the mail, so a known email answers as fast as an unknown one.
 */
const afterAnswer = () => new Promise((resolve) => setImmediate(resolve));

/** Subject, text and HTML of one account email. */
export async function renderMail(input: TemplateInput): Promise<MailContent> {
  await afterAnswer();
  return renderEmail(accountEmail(emailI18n(input.locale), input));
}

/** Subject, text and HTML of one security email. */
export async function renderSecurityMail(input: SecurityMailInput): Promise<MailContent> {
  await afterAnswer();
  return renderEmail(securityEmail(emailI18n(input.locale), input));
}

/** Subject, text and HTML of one billing email. */
export async function renderBillingMail(input: BillingMailInput): Promise<MailContent> {
  await afterAnswer();
  return renderEmail(billingEmail(emailI18n(input.locale), input));
}
