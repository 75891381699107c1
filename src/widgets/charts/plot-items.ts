import type { TooltipRow } from "./chart-parts.tsx";
import type { SeriesDatum, SeriesKey, SeriesPlotProps } from "./series.ts";
import type { Bounds } from "./static-layout.ts";

/**
 * Where a plot's tooltips and value labels stay (plot coordinates): inside the SVG, a few pixels
 * from its edges; `bottom` is how far down they may go.
 */
export function labelBounds(
  { left, innerWidth }: { left: number; innerWidth: number },
  margin: { top: number; right: number },
  bottom: number,
): Bounds {
  return { left: 4 - left, top: 2 - margin.top, right: innerWidth + margin.right - 4, bottom };
}

/** What both plots, interactive and static, know about their items. */
export type PlotItems = {
  /** `data-slot` of the plot, and of each of its items. */
  slot: string;
  itemSlot: string;
  width: number;
  height: number;
  /** Accessible name of the plot. */
  label: string;
  /** Where the plot area starts inside the SVG. */
  left: number;
  top: number;
  innerHeight: number;
  count: number;
  itemKey: (index: number) => string;
  /** The item's heading (its category or date), read before its values. */
  heading: (index: number) => string;
  rows: (index: number) => TooltipRow[];
  /** The transparent area over which an item is hovered (in plot coordinates). */
  hitArea: (index: number) => { x: number; width: number };
};

/**
 * A plot's `PlotItems`: one item per datum of `data`, keyed by `key` and read as `heading`, its
 * values from `layout.rowsAt`, in the plot area `layout.left` and `top` place.
 */
export function plotItems<D extends SeriesDatum>(
  { data, width, height, label }: Pick<SeriesPlotProps<D, SeriesKey>, "data" | "width" | "height" | "label">,
  layout: { left: number; innerHeight: number; rowsAt: (index: number) => TooltipRow[] },
  spec: Pick<PlotItems, "slot" | "itemSlot" | "top" | "hitArea"> & {
    key: (datum: D) => string;
    heading: (datum: D) => string;
  },
): PlotItems {
  const { key, heading, ...rest } = spec;
  return {
    ...rest,
    width,
    height,
    label,
    left: layout.left,
    innerHeight: layout.innerHeight,
    count: data.length,
    itemKey: (index) => key(data[index] as D),
    heading: (index) => heading(data[index] as D),
    rows: layout.rowsAt,
  };
}
