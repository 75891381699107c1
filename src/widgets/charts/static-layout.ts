/**
 * Layout of a static chart (prerendered, never measured): text widths are estimated from the number
 * of characters, so the server and the browser draw the same plot.
 */

/** The widths a static plot is drawn at: below Tailwind's `sm` breakpoint, and from `sm` up. */
export const staticPlotWidths = { narrow: 340, wide: 720 } as const;

/** `value` to a tenth of a pixel: shorter prerendered markup, no visible difference. */
export function px(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Estimated width of `text` in the brand font: a little over Inter's average character. */
export function textWidth(text: string, fontSize = 12): number {
  return Math.ceil(text.length * fontSize * 0.6);
}

/**
 * `text` broken at spaces into lines of at most `maxWidth` (estimated), at most `maxLines`: the
 * last line keeps the rest and ends with "…" when it is too long. A word longer than a line stays whole.
 */
export function wrapLabel(text: string, maxWidth: number, fontSize = 12, maxLines = 2): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && textWidth(`${last} ${word}`, fontSize) <= maxWidth) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

export type Box = { x: number; y: number; width: number; height: number };
export type Bounds = { left: number; top: number; right: number; bottom: number };

/** Sizes of the in-plot value label: 12 px text, a heading line and a line per series. */
export const tooltipMetrics = { padding: 8, lineHeight: 17, fontSize: 12, swatch: 14, gap: 16 } as const;

/** Size of a value label holding `heading` and one `label value` line per row. */
export function tooltipSize(heading: string, rows: readonly { label: string; value: string }[]) {
  const { padding, lineHeight, fontSize, swatch, gap } = tooltipMetrics;
  const rowWidth = Math.max(
    0,
    ...rows.map((row) => swatch + textWidth(row.label, fontSize) + gap + textWidth(row.value, fontSize)),
  );
  return {
    width: Math.ceil(Math.max(textWidth(heading, fontSize), rowWidth) + padding * 2),
    height: padding * 2 + lineHeight * (rows.length + 1),
  };
}

/** Where an item's tooltip points (plot coordinates), and how it keeps clear of the item. */
export type TooltipAnchor = {
  x: number;
  y: number;
  /** Space between the point and a tooltip above it (more where a value is written above the point). */
  gap?: number;
  /** Half the width of what the tooltip explains (a bar, a point's ring): without room above, it goes beside it. */
  half: number;
};

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where a tooltip of `size` goes for the item at `anchor`: inside `bounds` (the plot's edges), never
 * over what it explains and never over a box of `avoid` (the values written above the bars). First
 * centred above the point, raised over a value it would hide; without room there, beside the item
 * (below, it would hide the bar's top or the point's other values): on the side with more room
 * first, level with the point, else just above or just below a value it would hide. When nothing
 * fits, centred below the point.
 */
export function placeTooltip(
  anchor: TooltipAnchor,
  size: { width: number; height: number },
  bounds: Bounds,
  avoid: readonly Box[] = [],
): Box {
  const { x, y, gap = 10, half } = anchor;
  const clamp = (value: number, min: number, max: number) =>
    Math.min(Math.max(min, max), Math.max(min, value));
  const maxX = bounds.right - size.width;
  const maxY = bounds.bottom - size.height;
  const centredX = clamp(x - size.width / 2, bounds.left, maxX);
  const box = (left: number, top: number): Box => ({ x: left, y: top, ...size });
  const fits = (b: Box) =>
    b.x >= bounds.left &&
    b.y >= bounds.top &&
    b.x + b.width <= bounds.right &&
    b.y + b.height <= bounds.bottom &&
    !avoid.some((other) => overlaps(b, other));

  const above = y - gap - size.height;
  /** Tops that put the tooltip just above a value to avoid, nearest to `top` first. */
  const raisedFrom = (top: number) =>
    avoid
      .map((other) => other.y - 4 - size.height)
      .filter((raised) => raised < top)
      .sort((a, b) => b - a);
  const candidates = [above, ...raisedFrom(above)].map((top) => box(centredX, top));
  const side = half + 6;
  const sides = [x + side, x - side - size.width];
  if (x > (bounds.left + bounds.right) / 2) sides.reverse();
  const besideY = clamp(y, bounds.top, maxY);
  const lowered = avoid
    .map((other) => other.y + other.height + 4)
    .filter((top) => top > besideY)
    .sort((a, b) => a - b);
  for (const left of sides) {
    for (const top of [besideY, ...raisedFrom(besideY), ...lowered]) candidates.push(box(left, top));
  }
  const chosen = candidates.find(fits) ?? box(centredX, clamp(y + gap, bounds.top, maxY));
  return { ...chosen, x: px(chosen.x), y: px(chosen.y) };
}
