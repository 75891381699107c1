import { Group } from "@visx/group";
import { useId, type ReactNode } from "react";
import {
  ChartTooltip,
  LiveAnnouncement,
  PlotInstructions,
  useChartCursor,
  useDescribeItem,
} from "./chart-parts.tsx";
import type { PlotItems } from "./plot-items.ts";
import type { Bounds, Box, TooltipAnchor } from "./static-layout.ts";

type ActiveItem = { index: number; focusVisible: boolean };

/**
 * The interactive plot's frame: the SVG and its plot area, one hit area per item (a roving tab
 * stop), the tooltip of the active item and a live region announcing it. `children` draws the plot
 * under the hit areas, with the active item if any.
 */
export function InteractivePlot({
  items,
  anchor,
  bounds,
  avoid,
  children,
}: {
  items: PlotItems;
  /** Where the tooltip of an item points (plot coordinates), how far above and how wide the item is. */
  anchor: (index: number) => TooltipAnchor;
  /** Where tooltips stay, and what they leave readable (plot coordinates). */
  bounds: Bounds;
  avoid?: readonly Box[];
  children: (active: ActiveItem | null) => ReactNode;
}) {
  const { width, height, left, top, heading, rows } = items;
  const instructionsId = useId();
  const cursor = useChartCursor(items.count);
  const describeItem = useDescribeItem();
  const active = cursor.active;
  return (
    <div
      data-slot={items.slot}
      className="relative"
      style={{ width, height }}
      onPointerLeave={cursor.onPointerLeave}
    >
      <svg
        width={width}
        height={height}
        role="group"
        aria-label={items.label}
        aria-describedby={instructionsId}
      >
        <Group left={left} top={top}>
          {children(active ? { index: active.index, focusVisible: cursor.focusVisible } : null)}
          {Array.from({ length: items.count }, (_, index) => (
            <rect
              key={items.itemKey(index)}
              data-slot={items.itemSlot}
              role="img"
              aria-label={describeItem(heading(index), rows(index))}
              {...items.hitArea(index)}
              y={0}
              height={items.innerHeight}
              fill="transparent"
              {...cursor.itemProps(index)}
            />
          ))}
        </Group>
      </svg>
      <PlotInstructions id={instructionsId} />
      {active ? (
        <ChartTooltip
          anchor={anchor(active.index)}
          bounds={bounds}
          avoid={avoid}
          offset={{ left, top }}
          heading={heading(active.index)}
          rows={rows(active.index)}
        />
      ) : null}
      <LiveAnnouncement text={active ? describeItem(heading(active.index), rows(active.index)) : ""} />
    </div>
  );
}
