import { createContext, use } from "react";

/**
 * The clock of what the pages say about time (a trial's days left, whether it has ended). The
 * browser's by default; stories set a fixed one (.storybook/preview.tsx), so that what they show
 * does not change from one day to the next.
 */
export const NowContext = createContext<() => Date>(() => new Date());

/** The time now, by the clock of `NowContext`. */
export function useNow(): Date {
  return use(NowContext)();
}
