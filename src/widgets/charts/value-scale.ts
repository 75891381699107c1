import { scaleLinear } from "@visx/scale";
import type { ChartFormatters } from "#src/lib/format.ts";
import { labelWidth } from "./chart-parts.tsx";
import type { SeriesKey } from "./series.ts";
import { exactTicks, thinTicks, tickCount } from "./ticks.ts";

/**
 * The value scale of either chart at a given plot height: its ticks, and the left margin their
 * labels need. The domain starts at `min` (0 by default) and ends at `max`, rounded up.
 */
export function valueScale({
  values,
  innerHeight,
  format,
  min = 0,
  max,
}: {
  values: number[];
  innerHeight: number;
  format: ChartFormatters;
  min?: number;
  max?: number;
}) {
  const yScale = scaleLinear<number>({
    domain: [min, max ?? Math.max(1, ...values)],
    range: [innerHeight, 0],
    nice: tickCount(innerHeight, 44),
  });
  const yTicks = thinTicks(
    exactTicks(yScale.ticks(tickCount(innerHeight, 44)), format.exact),
    tickCount(innerHeight, 28),
  );
  const left = Math.max(...yTicks.map((v) => labelWidth(format.tickValue(v)))) + 16;
  /** Top of a datum's highest value. */
  const topOf = (series: readonly SeriesKey[], values: Record<string, number | undefined>) =>
    Math.min(...series.map((s) => yScale(values[s.key] ?? 0)));
  return { yScale, yTicks, left, topOf };
}
