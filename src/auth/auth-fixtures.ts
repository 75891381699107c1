import type { AuthState, AuthUser, StremioRecord } from "./auth-state.tsx";
import type { Subscription } from "#shared/billing.ts";
import type { InvoiceItem, WithdrawalInfo } from "./billing.ts";
import type { PasskeyInfo } from "#shared/passkeys.ts";
import type { TotpSetup, TotpStatus } from "#shared/two-factor.ts";

/**
 * The time the fixtures are seen at: stories run on this clock (.storybook/preview.tsx), three days
 * into the trial below, so that what they show does not change from one day to the next.
 */
export const fixtureNow = "2026-10-05T12:00:00.000Z";

/**
 * Canonical account states, shared by stories (`parameters.auth`), unit tests and e2e checks.
 * Every shell-level story file exports one story per key.
 */
/** The Stremio record sign-up made: the credentials the account page shows. */
export const stremioRecord: StremioRecord = {
  id: "st4r5e6m7i8o9p0",
  user: "k3m9q0w1e2r3t4y",
  email: "camillemartin_x7k2@lumen.stream",
  password: "p9#Kd2!vQm8$wLz4",
  field: "active",
};

const baseUser: AuthUser = {
  id: "k3m9q0w1e2r3t4y",
  collectionId: "_pb_users_auth_",
  collectionName: "users",
  email: "camille.martin@example.com",
  emailVisibility: true,
  verified: true,
  name: "Camille Martin",
  affiliate_code: "AFF-7Q2K9D4M",
  plan: "free",
  is_monthly: false,
  price: 0,
  newsletter: true,
  admin: false,
  is_api: false,
  stripe: "",
  trial_ends: "2026-10-09 09:14:00.000Z",
  stremio_username: "camillemartin_x7k2@lumen.stream",
  created: "2026-10-02 09:14:00.000Z",
  updated: "2026-11-20 18:03:00.000Z",
  expand: { stremio_via_user: stremioRecord },
};

export const trialUser: AuthUser = baseUser;
/** A Stripe subscription, paid monthly, that renews. */
export const activeSubscription: Subscription = {
  id: "s8d7f6g5h4j3k2l",
  user: baseUser.id,
  customer: "cus_R2x9",
  subscription: "sub_1Q2w3E4r5T6y",
  status: "active",
  interval: "month",
  current_period_end: "2026-11-02 09:20:00.000Z",
  cancel_at_period_end: false,
  past_due_since: "",
};
/** A Stripe subscription taken during the trial (yearly): first charged when the trial ends. */
export const trialingSubscription: Subscription = {
  ...activeSubscription,
  status: "trialing",
  interval: "year",
  current_period_end: "2026-10-09 09:14:00.000Z",
};
/** A renewal that failed three days before the fixtures' day: access goes on until the grace's end. */
export const pastDueSubscription: Subscription = {
  ...activeSubscription,
  status: "past_due",
  past_due_since: "2026-10-02 09:20:00.000Z",
};
/** The right of withdrawal once it has closed (or with no subscription): nothing is offered. */
export const withdrawalClosed: WithdrawalInfo = {
  open: false,
  until: "",
  startNow: false,
  refund: 0,
  paid: 0,
  currency: "eur",
  startedAt: "",
};
/** A monthly subscription paid two days before the fixtures' day: withdrawing refunds it in full. */
export const withdrawalOpen: WithdrawalInfo = {
  open: true,
  until: "2026-10-17 09:20:00.000Z",
  startNow: false,
  refund: 4.99,
  paid: 4.99,
  currency: "eur",
  startedAt: "2026-10-03 09:20:00.000Z",
};
/** The same, the customer having asked to start at once: the two days used are kept. */
export const withdrawalOpenStartedAtOnce: WithdrawalInfo = {
  ...withdrawalOpen,
  startNow: true,
  refund: 4.66,
};
/** Two invoices Stripe issued for the monthly subscription. */
export const invoices: InvoiceItem[] = [
  {
    id: "in_1Q9z8Y7x",
    number: "4F2C1A0B-0002",
    created: "2026-10-02 09:20:00.000Z",
    total: 4.99,
    tax: 0.83,
    currency: "eur",
    status: "paid",
    hostedUrl: "https://invoice.stripe.com/i/acct_1/test_in_1Q9z8Y7x",
    pdfUrl: "https://pay.stripe.com/invoice/acct_1/test_in_1Q9z8Y7x/pdf",
  },
  {
    id: "in_1P8y7X6w",
    number: "4F2C1A0B-0001",
    created: "2026-09-02 09:20:00.000Z",
    total: 4.99,
    tax: 0.83,
    currency: "eur",
    status: "paid",
    hostedUrl: "https://invoice.stripe.com/i/acct_1/test_in_1P8y7X6w",
    pdfUrl: "https://pay.stripe.com/invoice/acct_1/test_in_1P8y7X6w/pdf",
  },
];
/** A passkey made on the user's phone and used since, and one just added on a laptop. */
export const phonePasskey: PasskeyInfo = {
  id: "pk1a2b3c4d5e6f7",
  name: "Safari on iPhone",
  created: "2026-09-14 08:30:00.000Z",
  lastUsed: "2026-11-20 19:05:00.000Z",
};
export const laptopPasskey: PasskeyInfo = {
  id: "pk7g8h9i0j1k2l3",
  name: "Chrome on Linux",
  created: "2026-11-27 10:00:00.000Z",
  lastUsed: "",
};
export const paidUser: AuthUser = {
  ...baseUser,
  plan: "paid",
  is_monthly: true,
  price: 4.99,
  stripe: "cus_R2x9",
  expand: { ...baseUser.expand, subscriptions_via_user: activeSubscription },
};
/** The paid plan chosen at sign-up (yearly), nothing paid yet: the server's `incomplete` record. */
export const awaitingPaymentUser: AuthUser = {
  ...baseUser,
  plan: "paid",
  is_monthly: false,
  price: 49.99,
  expand: {
    ...baseUser.expand,
    subscriptions_via_user: {
      ...activeSubscription,
      customer: "",
      subscription: "",
      status: "incomplete",
      interval: "year",
      current_period_end: "",
    },
  },
};
/** The paid plan taken during the trial through Stripe: it starts, and is charged, when the trial ends. */
export const scheduledUser: AuthUser = {
  ...baseUser,
  plan: "paid",
  is_monthly: false,
  price: 49.99,
  stripe: "cus_R2x9",
  expand: { ...baseUser.expand, subscriptions_via_user: trialingSubscription },
};
/** A person who already had a trial on another account: this one signed up with none. */
export const noTrialUser: AuthUser = { ...baseUser, trial_ends: "" };
export const unverifiedUser: AuthUser = {
  ...baseUser,
  verified: false,
  stremio_username: "",
  expand: {},
};
export const adminUser: AuthUser = {
  ...paidUser,
  admin: true,
  name: "Alex Admin",
  email: "alex@example.com",
};

export const authStates = {
  Loading: { status: "loading" },
  SignedOut: { status: "anonymous" },
  SignedInTrial: { status: "authed", user: trialUser },
  SignedInPaid: { status: "authed", user: paidUser },
  Unverified: { status: "authed", user: unverifiedUser },
  Admin: { status: "authed", user: adminUser },
  AuthError: { status: "error", message: "Failed to fetch" },
} satisfies Record<string, AuthState>;

export type AuthStateName = keyof typeof authStates;

/** Two-factor sign-in, off. */
export const twoFactorOff: TotpStatus = { enabled: false, created: "", recoveryCodesLeft: 0 };

/** Two-factor sign-in on since mid-September, two recovery codes used. */
export const twoFactorOn: TotpStatus = {
  enabled: true,
  created: "2026-09-14 09:30:00.000Z",
  recoveryCodesLeft: 8,
};

/** A secret to scan, as the server hands it out. */
export const twoFactorSetup: TotpSetup = {
  setupId: "setup7hkq2m4r9x",
  secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
  uri: "otpauth://totp/Lumen:camille.martin%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Lumen&algorithm=SHA1&digits=6&period=30",
};

/** A fresh set of recovery codes. */
export const recoveryCodes = [
  "7hkq2-m4r9x",
  "bz3tw-p8cn5",
  "q2vx6-h9dk4",
  "m7rf3-w5tj8",
  "c4np9-x2qh6",
  "t8gk5-v3mz7",
  "w6dj2-r4bs9",
  "h3xp8-k7fn2",
  "n9qc4-t6wg3",
  "f5mz7-b2rk8",
];
