import { Check } from "lucide-react";
import type * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { cn } from "#src/lib/cn.ts";
import { Badge } from "#src/ui/badge.tsx";
import { Button } from "#src/ui/button.tsx";

export type PlanCardProps = {
  /** The plan's name, an `<h3>`. */
  name: React.ReactNode;
  /** The price as the locale writes it, or a word ("Free"). */
  price: React.ReactNode;
  /** What the price is for ("per month", "for 7 days"). */
  period: React.ReactNode;
  /** A second line under the price (the yearly price). */
  note?: React.ReactNode;
  points: string[];
  /** The call to action: its label and the English path it leads to (localized here). */
  action: { label: React.ReactNode; to: string };
  /** The plan to pick: raised by a primary border, a glow and a badge with this text. */
  recommended?: React.ReactNode;
  className?: string;
};

/** A plan side by side with the others: name, price, what it includes and one button. */
export function PlanCard({
  name,
  price,
  period,
  note,
  points,
  action,
  recommended,
  className,
}: PlanCardProps) {
  return (
    <article
      data-slot="plan-card"
      data-recommended={recommended ? "" : undefined}
      className={cn(
        "relative flex flex-col gap-6 rounded-2xl border bg-surface p-6 sm:p-8",
        recommended
          ? "border-primary shadow-[0_0_0_1px_var(--primary),0_24px_64px_-24px_color-mix(in_oklab,var(--primary)_45%,transparent)]"
          : "border-border",
        className,
      )}
    >
      <header className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{name}</h3>
          {recommended ? <Badge>{recommended}</Badge> : null}
        </div>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-semibold tracking-[-0.02em]">{price}</span>
          <span className="text-muted-foreground">{period}</span>
        </p>
        {note ? <p className="-mt-2 text-sm text-muted-foreground">{note}</p> : null}
      </header>
      <ul className="flex flex-1 flex-col gap-3 text-sm">
        {points.map((point) => (
          <li key={point} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant={recommended ? "default" : "outline"} className="w-full">
        <LocalizedLink to={action.to}>{action.label}</LocalizedLink>
      </Button>
    </article>
  );
}
