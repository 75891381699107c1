import { describe, expect, it } from "vitest";
import { formatCountdown, secondsLeft } from "./use-countdown.ts";

describe("resend countdown", () => {
  it("counts whole seconds up, never below zero", () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it("shows minutes and zero-padded seconds", () => {
    expect(formatCountdown(120)).toBe("2:00");
    expect(formatCountdown(95)).toBe("1:35");
    expect(formatCountdown(9)).toBe("0:09");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
