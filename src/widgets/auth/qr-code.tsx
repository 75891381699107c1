import * as React from "react";
import { Skeleton } from "#src/ui/skeleton.tsx";

/** One path for the dark modules of a QR code's matrix (one unit per module). */
function modulesPath(modules: readonly (readonly boolean[])[]): string {
  let path = "";
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return path;
}

/**
 * `value` as a QR code, dark on white whatever the theme (what phone cameras read best), drawn
 * once the encoder (`uqr`) has loaded: it is only needed the moment a code is shown.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const [modules, setModules] = React.useState<boolean[][] | null>(null);
  React.useEffect(() => {
    let active = true;
    void import("uqr").then(({ encode }) => {
      if (active) setModules(encode(value, { ecc: "M", border: 2 }).data);
    });
    return () => {
      active = false;
    };
  }, [value]);
  if (!modules) return <Skeleton className="rounded-md" style={{ width: size, height: size }} />;
  const count = modules.length;
  return (
    <svg
      role="img"
      aria-label={label}
      data-slot="qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="rounded-md"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={modulesPath(modules)} fill="#000" />
    </svg>
  );
}
