import type * as React from "react";
import { cn } from "#src/lib/cn.ts";

/** A band's title (an `<h2>` with the id the band is labelled by) and its one-line subtitle. */
export function SectionHeading({
  id,
  title,
  subtitle,
  className,
}: {
  id: string;
  title: React.ReactNode;
  subtitle?: React.ReactNode;
  className?: string;
}) {
  return (
    <div data-slot="section-heading" className={cn("flex max-w-2xl flex-col gap-3", className)}>
      <h2 id={id} className="text-3xl font-semibold tracking-[-0.02em] text-balance sm:text-4xl">
        {title}
      </h2>
      {subtitle ? <p className="text-lg text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
