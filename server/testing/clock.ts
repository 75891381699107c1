import { vi } from "vitest";

/** Moves the clock by `seconds` (Date only: the server, in the test's process, sees it too). */
export function later(seconds: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}
