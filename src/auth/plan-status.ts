import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AuthUser } from "./auth-state.tsx";

/**
 * Where a user's plan stands. A paid plan is recorded with an empty `stripe` reference until the
 * payment arrives, so "paid" alone does not mean the user has paid: every place that shows a plan
 * asks this function, and they all say the same thing.
 */
export type PlanStatus = "trial" | "awaiting-payment" | "paid";

export const planStatuses: readonly PlanStatus[] = ["trial", "awaiting-payment", "paid"];

export function planStatus(user: Pick<AuthUser, "plan" | "stripe">): PlanStatus {
  if (user.plan !== "paid") return "trial";
  return user.stripe?.trim() ? "paid" : "awaiting-payment";
}

/** The words for each status, the same in the header, on the account page and on the admin page. */
export const planStatusLabels: Record<PlanStatus, MessageDescriptor> = {
  trial: msg`Trial`,
  "awaiting-payment": msg`Paid (awaiting payment)`,
  paid: msg`Paid`,
};

/** The badge colour of each status. */
export const planStatusBadges = {
  trial: "secondary",
  "awaiting-payment": "warning",
  paid: "default",
} as const satisfies Record<PlanStatus, string>;

/** The PocketBase filter that selects the users of one status (for the admin counts). */
export const planStatusFilters: Record<PlanStatus, string> = {
  trial: 'plan != "paid"',
  "awaiting-payment": 'plan = "paid" && stripe = ""',
  paid: 'plan = "paid" && stripe != ""',
};
