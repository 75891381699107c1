import { Group } from "@visx/group";
import type { ReactNode } from "react";
import { StaticItem, StaticValueLabel, useDescribeItem } from "./chart-parts.tsx";
import type { PlotItems } from "./plot-items.ts";
import { px, type Bounds, type Box, type TooltipAnchor } from "./static-layout.ts";

/**
 * The static plot's frame (no script, no measuring): the SVG drawn at `width` into a `viewBox`
 * that scales to its container, and each item a tab stop named like the interactive plot's, with
 * a `<title>`, whose `reveal` marks and value label CSS shows on hover and focus. The content
 * pages' script (src/enhance/page-script.ts) lets the arrow keys move between the items of a
 * `data-arrow-keys` plot, as in the interactive plot; without it, Tab reaches each one.
 */
export function StaticPlot({
  items,
  bounds,
  avoid,
  reveal,
  children,
}: {
  items: PlotItems;
  /** Where value labels stay, and what they leave readable (plot coordinates). */
  bounds: Bounds;
  avoid?: readonly Box[];
  /** What an item shows on hover and focus, and where its value label points. */
  reveal: (index: number) => { marks: ReactNode; label: TooltipAnchor };
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
      data-arrow-keys=""
    >
      <Group left={items.left} top={items.top}>
        {children}
        {Array.from({ length: items.count }, (_, index) => {
          const hit = items.hitArea(index);
          const itemHeading = items.heading(index);
          const itemRows = items.rows(index);
          const { marks, label } = reveal(index);
          return (
            <StaticItem
              key={items.itemKey(index)}
              slot={items.itemSlot}
              description={describeItem(itemHeading, itemRows)}
            >
              <rect x={px(hit.x)} y={0} width={px(hit.width)} height={items.innerHeight} fill="transparent" />
              {marks}
              <StaticValueLabel
                anchor={label}
                bounds={bounds}
                avoid={avoid}
                heading={itemHeading}
                rows={itemRows}
              />
            </StaticItem>
          );
        })}
      </Group>
    </svg>
  );
}
