import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn.ts";
import { AlertCircleIcon } from "./icons.tsx";
import { Label } from "./label.tsx";
import { RadioGroup } from "./radio-group.tsx";

const fieldVariants = cva("group/field flex", {
  variants: {
    orientation: {
      /** Label above the control: text inputs, selects, radio groups. */
      vertical: "flex-col gap-2",
      /** Control before the label: checkboxes and switches. */
      horizontal: "flex-row items-start gap-3",
    },
  },
  defaultVariants: { orientation: "vertical" },
});

type ControlProps = {
  id?: string;
  name?: string;
  "aria-describedby"?: string;
  "aria-labelledby"?: string;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
};

type FieldProps = Omit<React.ComponentProps<"div">, "children"> &
  VariantProps<typeof fieldVariants> & {
    label: React.ReactNode;
    description?: React.ReactNode;
    /** The error, in the visitor's language (account forms word PocketBase's codes first). */
    error?: string | null;
    /** Exactly one control (Input, PasswordInput, Checkbox, Switch, RadioGroup, SelectTrigger). */
    children: React.ReactElement<ControlProps>;
  };

/**
 * A labelled control with an optional description and error. It gives the control its `id`
 * (the child's own, or a generated one), `aria-invalid` and `aria-describedby`, and names it by
 * the label, so groups (RadioGroup) are labelled too.
 */
function Field({ label, description, error, orientation, className, children, ...props }: FieldProps) {
  const generatedId = React.useId();
  const control = React.Children.only(children);
  const id = control.props.id ?? `${generatedId}-control`;
  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorText = error || undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const describedBy =
    [control.props["aria-describedby"], descriptionId, errorId].filter(Boolean).join(" ") || undefined;

  // A group is no form control: its label names it through `aria-labelledby` alone, as a `for`
  // would point at nothing the browser can label.
  const labelFor = control.type === RadioGroup ? undefined : id;

  const wired = React.cloneElement(control, {
    id,
    "aria-labelledby": control.props["aria-labelledby"] ?? labelId,
    "aria-describedby": describedBy,
    "aria-invalid": errorText ? true : control.props["aria-invalid"],
  });

  const texts = (
    <>
      {description ? (
        <p id={descriptionId} data-slot="field-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} data-slot="field-error" className="flex items-start gap-1.5 text-sm text-danger">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{errorText}</span>
        </p>
      ) : null}
    </>
  );

  return (
    <div
      data-slot="field"
      data-invalid={errorText ? true : undefined}
      className={cn(fieldVariants({ orientation }), className)}
      {...props}
    >
      {orientation === "horizontal" ? (
        <>
          <div className="pt-0.5">{wired}</div>
          <div className="flex flex-col gap-1">
            <Label id={labelId} htmlFor={labelFor} beside>
              {label}
            </Label>
            {texts}
          </div>
        </>
      ) : (
        <>
          <Label id={labelId} htmlFor={labelFor}>
            {label}
          </Label>
          {wired}
          {texts}
        </>
      )}
    </div>
  );
}

export { Field, fieldVariants, type FieldProps };
