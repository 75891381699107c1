import type * as React from "react";
import { cn } from "#src/lib/cn.ts";
import { Field } from "#src/ui/field.tsx";
import { Label } from "#src/ui/label.tsx";
import { RadioGroup, RadioGroupItem } from "#src/ui/radio-group.tsx";

const optionClassName =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-border bg-background/40 p-4 transition-colors hover:border-muted-foreground has-checked:border-primary has-checked:bg-accent/40";

/**
 * One choice of a plan or billing RadioGroup, as a card: its radio, a title (with an optional
 * `badge` beside it) and a line of detail. The whole card is the radio's label.
 */
export function PlanOption({
  value,
  title,
  badge,
  detail,
}: {
  value: string;
  title: React.ReactNode;
  badge?: React.ReactNode;
  detail: React.ReactNode;
}) {
  return (
    <Label className={optionClassName}>
      <RadioGroupItem value={value} className="mt-0.5" />
      <span className="flex flex-col gap-1">
        <span className={cn("font-semibold", badge && "flex flex-wrap items-center gap-2")}>
          {title}
          {badge}
        </span>
        <span className="font-normal text-muted-foreground">{detail}</span>
      </span>
    </Label>
  );
}

/** A labelled choice between `PlanOption` cards, two abreast from `sm` up. */
export function PlanOptionGroup({
  label,
  error,
  name,
  value,
  onValueChange,
  children,
}: {
  label: string;
  error?: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <Field label={label} error={error}>
      <RadioGroup name={name} value={value} onValueChange={onValueChange} className="sm:grid-cols-2">
        {children}
      </RadioGroup>
    </Field>
  );
}
