import { GridRows } from "@visx/grid";
import { axisColor } from "./chart-parts.tsx";
import type { valueScale } from "./value-scale.ts";

/** The dashed horizontal grid of both charts. */
export function ValueGrid({
  scale,
  ticks,
  width,
}: {
  scale: ReturnType<typeof valueScale>["yScale"];
  ticks: number[];
  width: number;
}) {
  return <GridRows scale={scale} width={width} tickValues={ticks} stroke={axisColor} strokeDasharray="3 4" />;
}
