import type { ReactNode } from "react";
import { Field } from "#src/ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#src/ui/select.tsx";

/** A labelled select of a few fixed options. */
export function ChoiceField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: {
  label: ReactNode;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as V)}>
      <Field label={label} className={className}>
        <SelectTrigger>
          <SelectValue />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
