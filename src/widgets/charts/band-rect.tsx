import type { CSSProperties } from "react";

/** A rounded rectangle over the full height of an item's band (its highlight or focus ring). */
export function BandRect({
  band,
  height,
  className,
  style,
}: {
  band: { x: number; width: number };
  height: number;
  className?: string;
  style: CSSProperties;
}) {
  return (
    <rect
      aria-hidden="true"
      className={className}
      x={band.x}
      y={0}
      width={band.width}
      height={height}
      rx={6}
      style={style}
    />
  );
}
