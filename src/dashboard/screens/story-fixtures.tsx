import type { Decorator } from "@storybook/react-vite";
import { fn } from "storybook/test";
import { ok } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import {
  awaitingPaymentUser,
  laptopPasskey,
  paidUser,
  recoveryCodes,
  trialUser,
  twoFactorOff,
  twoFactorSetup,
  unverifiedUser,
} from "#src/auth/auth-fixtures.ts";
import type { PasskeyInfo } from "#shared/passkeys.ts";
import type { OwnSecondFactorActions } from "../widgets/own-second-factors.tsx";
import type { Subscription } from "#shared/billing.ts";
import type { Backup } from "../client/backups.ts";
import type { Page } from "../client/common.ts";
import type { LogEntry } from "../client/logs.ts";
import type { Superuser } from "../client/superusers.ts";
import { DashboardShell } from "../widgets/dashboard-shell.tsx";
import { refused } from "#src/auth/story-actions.ts";

/**
 * A desktop viewport as tall as the whole page (`height` pixels), so that its screenshot shows all
 * of it, not only what fits in the default viewport: spread into a story's `parameters`, with
 * `wholePageGlobals` as its `globals`.
 */
export const wholePage = (height: number) => ({
  viewport: {
    options: {
      wholePage: {
        name: "Desktop, whole page",
        styles: { width: "1200px", height: `${height}px` },
        type: "desktop" as const,
      },
    },
  },
});
export const wholePageGlobals = { viewport: { value: "wholePage", isRotated: false } };

/** The dashboard's frame around a screen, signed in as `root@example.com`. */
export const inDashboard: Decorator = (Story) => (
  <DashboardShell email="root@example.com" onSignOut={() => {}}>
    <Story />
  </DashboardShell>
);

const awaitingId = "a1b2c3d4e5f6g7h";

/** The paid plan chosen at sign-up, monthly, nothing paid yet: the server's `incomplete` record. */
export const awaitingSubscription: Subscription = {
  ...awaitingPaymentUser.expand!.subscriptions_via_user!,
  id: "s7x2k9m4q1w8e3r",
  user: awaitingId,
  interval: "month",
};

export const awaitingUser: AuthUser = {
  ...awaitingPaymentUser,
  id: awaitingId,
  name: "Camille Dupont",
  email: "c.dupont@example.com",
  is_monthly: true,
  price: 4.99,
  created: "2026-11-20 10:05:00.000Z",
  trial_ends: "2026-11-27 10:05:00.000Z",
  expand: { subscriptions_via_user: awaitingSubscription },
};

export const people: AuthUser[] = [
  awaitingUser,
  paidUser,
  { ...unverifiedUser, id: "u1", name: "Marc Camilleri", email: "marc.c@example.com", admin: true },
  { ...trialUser, id: "t1", name: "", email: "anon@example.com", created: "2026-09-01 08:00:00.000Z" },
];

export const pageOf = <T,>(items: T[], page = 1, perPage = 20, totalItems = items.length): Page<T> => ({
  items,
  page,
  perPage,
  totalItems,
  totalPages: Math.ceil(totalItems / perPage),
});

export const superusers: Superuser[] = [
  { id: "su1", email: "root@example.com", created: "2026-01-10 09:00:00.000Z" },
  { id: "su2", email: "ops@example.com", created: "2026-06-02 14:30:00.000Z" },
];

export const backups: Backup[] = [
  { key: "pb_backup_20261124231500.zip", size: 2_457_600, modified: "2026-11-24 23:15:00.123Z" },
  { key: "@auto_pb_backup_lumen_20261124030000.zip", size: 2_301_952, modified: "2026-11-24 03:00:00.000Z" },
  { key: "before-migration.zip", size: 20_480, modified: "2026-10-01 12:00:00.000Z" },
];

const request = (id: string, method: string, url: string, status: number, created: string): LogEntry => ({
  id,
  created,
  level: status >= 400 ? 8 : 0,
  message: `${method} ${url}`,
  data: {
    type: "request",
    method,
    url,
    status,
    execTime: 3.42,
    userIP: "203.0.113.7",
    remoteIP: "127.0.0.1",
    auth: status === 401 ? "" : "users",
    authId: status === 401 ? "" : "k3m9q0w1e2r3t4y",
    referer: "",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
    ...(status >= 400 ? { error: "The request requires valid record authorization token." } : {}),
  },
  // The account the dashboard found for the request's auth id.
  ...(status === 401 ? {} : { by: { email: "camille.martin@example.com", userId: "k3m9q0w1e2r3t4y" } }),
});

export const logs: LogEntry[] = [
  request("l1", "PATCH", "/api/collections/users/records/k3m9q0w1e2r3t4y", 200, "2026-11-24 23:20:11.000Z"),
  request("l2", "GET", "/api/collections/users/records?page=1&perPage=20", 200, "2026-11-24 23:19:58.000Z"),
  request("l3", "POST", "/api/collections/users/auth-refresh", 401, "2026-11-24 23:18:40.000Z"),
  {
    id: "l5",
    created: "2026-11-24 23:12:30.000Z",
    level: 4,
    message: "Failed to send mail; it stays queued and will be retried",
    data: {
      type: "mail",
      to: "dana@example.com",
      subject: "Verify your email",
      error: "connect ECONNREFUSED 10.0.0.25:587",
      attempt: 2,
      retryIn: 5000,
    },
  },
  request("l4", "GET", "/api/health", 200, "2026-11-24 23:10:00.000Z"),
];

export const perHour = [
  { date: "2026-11-24 20:00:00.000Z", total: 12 },
  { date: "2026-11-24 21:00:00.000Z", total: 30 },
  { date: "2026-11-24 22:00:00.000Z", total: 18 },
  { date: "2026-11-24 23:00:00.000Z", total: 44 },
];

/**
 * The signed-in superuser's own second factors as the cards' fakes: no passkey and two-factor
 * sign-in off unless `passkeys` says which they have; adding one makes the laptop's.
 */
export const ownSecondFactors = (passkeys: PasskeyInfo[] = []): OwnSecondFactorActions => ({
  passkeysSupported: true,
  passkeys: {
    list: fn(async () => ok(passkeys)),
    add: fn(async () => ok(laptopPasskey)),
    remove: fn(async () => ok(undefined)),
  },
  twoFactor: {
    load: fn(async () => ok(twoFactorOff)),
    setup: fn(async () => ok(twoFactorSetup)),
    confirm: fn(async () => ok(recoveryCodes)),
    turnOff: fn(async () => ok(undefined)),
    newRecoveryCodes: fn(async () => ok(recoveryCodes)),
  },
  identity: { confirm: fn(async () => ok(undefined)), twoFactorOn: fn(async () => false) },
});

/** A request that never reached the server. */
export const offline = async () => refused(0);
export const never = () => new Promise<never>(() => {});
export const done = async () => ok(undefined);
export { ok, refused };
