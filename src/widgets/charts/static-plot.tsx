import { Group } from "@visx/group";
import type { ReactNode } from "react";
import { StaticItem, StaticValueLabel, useDescribeItem } from "./chart-parts.tsx";
import type { PlotItems } from "./plot-items.ts";
import { px, type Bounds } from "./static-layout.ts";

/**
 * Where a static plot's value labels stay (plot coordinates): inside the SVG, a few pixels from its
 * edges; `bottom` is how far down they may go.
 */
export function labelBounds(
  { left, innerWidth }: { left: number; innerWidth: number },
  margin: { top: number; right: number },
  bottom: number,
): Bounds {
  return { left: 4 - left, top: 2 - margin.top, right: innerWidth + margin.right - 4, bottom };
}

/**
 * The static plot's frame (no script, no measuring): the SVG drawn at `width` into a `viewBox`
 * that scales to its container, and each item a tab stop named like the interactive plot's, with
 * a `<title>`, whose `reveal` marks and value label CSS shows on hover and focus.
 */
export function StaticPlot({
  items,
  bounds,
  reveal,
  children,
}: {
  items: PlotItems;
  /** Where value labels stay, in plot coordinates. */
  bounds: Bounds;
  /** What an item shows on hover and focus, and where its value label points. */
  reveal: (index: number) => {
    marks: ReactNode;
    label: { x: number; y: number; gap?: number; half?: number };
  };
  /** The plot under the items. */
  children: ReactNode;
}) {
  const describeItem = useDescribeItem();
  return (
    <svg
      data-slot={items.slot}
      viewBox={`0 0 ${items.width} ${items.height}`}
      width="100%"
      className="block h-auto"
      role="group"
      aria-label={items.label}
    >
      <Group left={items.left} top={items.top}>
        {children}
        {Array.from({ length: items.count }, (_, index) => {
          const hit = items.hitArea(index);
          const itemHeading = items.heading(index);
          const itemRows = items.rows(index);
          const { marks, label: at } = reveal(index);
          return (
            <StaticItem
              key={items.itemKey(index)}
              slot={items.itemSlot}
              description={describeItem(itemHeading, itemRows)}
            >
              <rect x={px(hit.x)} y={0} width={px(hit.width)} height={items.innerHeight} fill="transparent" />
              {marks}
              <StaticValueLabel
                x={at.x}
                y={at.y}
                bounds={bounds}
                heading={itemHeading}
                rows={itemRows}
                gap={at.gap}
                half={at.half}
              />
            </StaticItem>
          );
        })}
      </Group>
    </svg>
  );
}
