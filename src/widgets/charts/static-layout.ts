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

/**
 * Where a value label of `size` goes for a point at (`x`, `y`), always inside `bounds` (the plot's
 * edges) and never over what it explains: centred above the point; when there is no room above,
 * beside a bar (`half` is half its width; the label would hide the bar's top below it), below a
 * point; beside it again when below does not fit either.
 */
export function placeTooltip(
  point: { x: number; y: number },
  size: { width: number; height: number },
  bounds: Bounds,
  gap = 10,
  half?: number,
): Box {
  const maxX = Math.max(bounds.left, bounds.right - size.width);
  const maxY = Math.max(bounds.top, bounds.bottom - size.height);
  const centredX = Math.min(maxX, Math.max(bounds.left, point.x - size.width / 2));
  const at = (x: number, y: number): Box => ({ x: px(x), y: px(y), ...size });

  const above = point.y - gap - size.height;
  if (above >= bounds.top) return at(centredX, above);
  const below = point.y + gap;
  if (half === undefined && below + size.height <= bounds.bottom) return at(centredX, below);

  const side = (half ?? 4) + 6;
  const besideY = Math.min(maxY, Math.max(bounds.top, point.y));
  const right = point.x + side;
  if (right + size.width <= bounds.right) return at(right, besideY);
  const left = point.x - side - size.width;
  if (left >= bounds.left) return at(left, besideY);
  return at(centredX, Math.min(maxY, below));
}
