import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { placeTooltip, textWidth, tooltipSize, wrapLabel } from "./static-layout.ts";

describe("wrapLabel", () => {
  it("keeps a label that fits on one line", () => {
    expect(wrapLabel("Launch", 80)).toEqual(["Launch"]);
  });

  it("breaks at spaces, filling each line", () => {
    // 7.2 px per character at 12 px: 11 characters fit in 80 px.
    expect(wrapLabel("Online payments", 80)).toEqual(["Online", "payments"]);
    expect(wrapLabel("Better TV experience", 100)).toEqual(["Better TV", "experience"]);
  });

  it("ends the last allowed line with an ellipsis when there is more", () => {
    expect(wrapLabel("Meilleure expérience sur TV", 80)).toEqual(["Meilleure", "expérience…"]);
    expect(wrapLabel("a b c", 1, 12, 1)).toEqual(["a…"]);
  });

  it("keeps every word, in order, within the line limit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zé]{1,12}$/), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 300 }),
        (words, width) => {
          const lines = wrapLabel(words.join(" "), width, 12, 99);
          expect(lines.join(" ")).toBe(words.join(" "));
          for (const line of lines) {
            if (line.includes(" ")) expect(textWidth(line)).toBeLessThanOrEqual(width);
          }
        },
      ),
    );
  });
});

describe("tooltipSize", () => {
  it("fits the widest line and one line per row plus the heading", () => {
    const size = tooltipSize("Sep 7, 2026", [
      { label: "Opened", value: "14" },
      { label: "Resolved", value: "9" },
    ]);
    // Row "Resolved 9": swatch 14 + 58 + gap 16 + 8, padding 8 on each side.
    expect(size).toEqual({ width: 112, height: 67 });
  });
});

describe("placeTooltip", () => {
  const bounds = { left: 0, top: 0, right: 300, bottom: 200 };
  const size = { width: 100, height: 50 };

  it("centres the label above the point", () => {
    expect(placeTooltip({ x: 150, y: 120, half: 4 }, size, bounds)).toEqual({
      x: 100,
      y: 60,
      width: 100,
      height: 50,
    });
  });

  it("stays inside the bounds near the edges", () => {
    expect(placeTooltip({ x: 10, y: 120, half: 4 }, size, bounds).x).toBe(0);
    expect(placeTooltip({ x: 295, y: 120, half: 4 }, size, bounds).x).toBe(200);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 200 }), (x, y) => {
        const box = placeTooltip({ x, y, half: 4 }, size, bounds);
        expect(box.x).toBeGreaterThanOrEqual(bounds.left);
        expect(box.x + box.width).toBeLessThanOrEqual(bounds.right);
        expect(box.y).toBeGreaterThanOrEqual(bounds.top);
        expect(box.y + box.height).toBeLessThanOrEqual(bounds.bottom);
      }),
    );
  });

  it("puts the label beside a bar that reaches the top, never over the bar", () => {
    // A 100 % bar 20 px wide at x = 60: no room above, so the label goes to its right.
    const box = placeTooltip({ x: 60, y: 5, gap: 10, half: 10 }, size, bounds);
    expect(box.x).toBeGreaterThanOrEqual(70);
    expect(box.y).toBeGreaterThanOrEqual(bounds.top);
    // Near the right edge it goes to the left of the bar instead.
    const left = placeTooltip({ x: 280, y: 5, gap: 10, half: 10 }, size, bounds);
    expect(left.x + left.width).toBeLessThanOrEqual(270);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 45 }), (x, y) => {
        const box = placeTooltip({ x, y, gap: 10, half: 10 }, size, bounds);
        const overBar = box.x < x + 10 && box.x + box.width > x - 10 && box.y + box.height > y;
        const besideFits = x + 16 + size.width <= bounds.right || x - 16 - size.width >= bounds.left;
        if (besideFits) expect(overBar).toBe(false);
      }),
    );
  });

  it("never covers the value written above a neighbouring bar", () => {
    // Bars 40 px wide every 60 px, their values written above them: a tall bar at x = 50 whose
    // tooltip has no room above, a shorter neighbour on each side.
    const values = [
      { x: -5, y: 40, width: 30, height: 16 },
      { x: 95, y: 20, width: 30, height: 16 },
    ];
    const box = placeTooltip({ x: 50, y: 10, gap: 24, half: 20 }, size, bounds, values);
    for (const value of values) {
      const covers =
        box.x < value.x + value.width &&
        value.x < box.x + box.width &&
        box.y < value.y + value.height &&
        value.y < box.y + box.height;
      expect(covers).toBe(false);
    }
    // Beside the bar, never over it.
    expect(box.x >= 70 || box.x + box.width <= 30).toBe(true);
  });

  it("rises over a taller neighbour's value rather than cover it", () => {
    const value = { x: 160, y: 60, width: 30, height: 16 };
    const box = placeTooltip({ x: 150, y: 120, gap: 24, half: 20 }, size, bounds, [value]);
    expect(box).toEqual({ x: 100, y: 6, width: 100, height: 50 });
  });
});
