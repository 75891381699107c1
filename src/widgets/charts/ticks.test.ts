import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactTicks, maxTicks, thinTicks, tickCount } from "./ticks.ts";
import { scaleLinear } from "@visx/scale";
import { chartFormatters, countFormat } from "#src/lib/format.ts";

describe("tickCount", () => {
  it("fits ticks to the axis length, between 2 and 11", () => {
    expect(tickCount(100, 80)).toBe(2);
    expect(tickCount(400, 80)).toBe(5);
    expect(tickCount(5000, 80)).toBe(11);
    expect(tickCount(0, 80)).toBe(2);
  });
});

describe("thinTicks", () => {
  it("keeps every value when they fit", () => {
    expect(thinTicks([1, 2, 3], 5)).toEqual([1, 2, 3]);
  });

  it("keeps the first and spaces the rest evenly", () => {
    expect(thinTicks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(thinTicks([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([0, 3, 6]);
    expect(thinTicks([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 3)).toEqual([0, 4, 8]);
  });

  it("never returns more than the count or more than 11, and never invents values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 400 }),
        fc.integer({ min: 1, max: 40 }),
        (values, count) => {
          const ticks = thinTicks(values, count);
          expect(ticks.length).toBeLessThanOrEqual(Math.min(count, maxTicks));
          if (values.length > 0) expect(ticks[0]).toBe(values[0]);
          let from = 0;
          for (const tick of ticks) {
            const at = values.indexOf(tick, from);
            expect(at).toBeGreaterThanOrEqual(from);
            from = at + 1;
          }
          if (values.length > 0)
            expect(ticks.length).toBeGreaterThanOrEqual(Math.min(values.length, 2, count));
        },
      ),
    );
  });
});

describe("exactTicks", () => {
  it("drops the ticks a whole-number format would round", () => {
    const exact = (v: number) => Number.isInteger(v);
    expect(exactTicks([0, 0.5, 1, 1.5, 2, 2.5, 3], exact)).toEqual([0, 1, 2, 3]);
  });

  it("keeps every tick when fewer than two would be left", () => {
    expect(exactTicks([0, 0.2, 0.4], (v) => v === 0)).toEqual([0, 0.2, 0.4]);
  });
});

describe("ticks of a count axis", () => {
  // The value axis as the charts build it: a nice linear scale, then only the ticks whose label is exact.
  const countTicks = (max: number, height = 230) => {
    const scale = scaleLinear({
      domain: [0, Math.max(1, max)],
      range: [height, 0],
      nice: tickCount(height, 44),
    });
    return exactTicks(scale.ticks(tickCount(height, 44)), chartFormatters("en", countFormat).exact);
  };

  it("counts whole users, never halves, with little data", () => {
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(0)).toEqual([0, 1]);
  });

  it("keeps whole numbers for any count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 80, max: 600 }), (max, height) => {
        const ticks = countTicks(max, height);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        for (const tick of ticks) expect(Number.isInteger(tick)).toBe(true);
      }),
    );
  });
});
