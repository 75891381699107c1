import * as React from "react";

const loadContent = () => import("./alert-dialog.tsx");
const ConfirmDialogContent = React.lazy(() =>
  loadContent().then((module) => ({ default: module.ConfirmDialogContent })),
);

/**
 * The usual confirmation: `trigger` opens it; it asks `title`, explains `description`, and offers
 * "Cancel" and `confirm`, which runs `onConfirm`. The dialog (Radix's alert dialog, its focus trap
 * and scroll lock) loads when the trigger is first pointed at, focused or pressed, so a page with
 * a confirmation does not download it up front. A trigger that prevents its click (a pending
 * Button) does not open it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  onConfirm,
}: {
  trigger: React.ReactElement<React.ComponentProps<"button">>;
  title: React.ReactNode;
  description: React.ReactNode;
  confirm: React.ReactNode;
  onConfirm: () => void;
}) {
  const [open, setOpen] = React.useState(false);
  // Once opened it stays mounted, so that closing plays its exit and gives the focus back.
  const [mounted, setMounted] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const preload = () => void loadContent().catch(() => {});
  const props = trigger.props;
  return (
    <>
      {React.cloneElement(trigger, {
        ref: triggerRef,
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        "data-state": open ? "open" : "closed",
        onPointerEnter: (event: React.PointerEvent<HTMLButtonElement>) => {
          props.onPointerEnter?.(event);
          preload();
        },
        onFocus: (event: React.FocusEvent<HTMLButtonElement>) => {
          props.onFocus?.(event);
          preload();
        },
        onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
          props.onClick?.(event);
          if (event.defaultPrevented) return;
          setMounted(true);
          setOpen(true);
        },
      } as React.ComponentProps<"button">)}
      {mounted ? (
        <React.Suspense fallback={null}>
          <ConfirmDialogContent
            open={open}
            onOpenChange={setOpen}
            title={title}
            description={description}
            confirm={confirm}
            onConfirm={onConfirm}
            returnFocus={() => triggerRef.current?.focus()}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
