import { cva, type VariantProps } from "class-variance-authority";
import { Check } from "lucide-react";
import { Slot } from "radix-ui";
import { createContext, use, useId, useState, type ComponentProps, type MouseEvent } from "react";
import { cn } from "../lib/cn.ts";
import { enhanceMenu } from "./menu-behaviour.ts";

/**
 * A menu on the native `popover` attribute: the browser opens it from its button and closes it on
 * Escape or a click outside, the rest (placement, arrow keys, pointer) is `enhanceMenu`. No Radix,
 * no floating-ui: the header's account menu is on every signed-in page, and the same markup works
 * on pages without the app (the page script enhances it there).
 */
type MenuContextValue = { id: string; open: boolean; setOpen: (open: boolean) => void };
const MenuContext = createContext<MenuContextValue | null>(null);

function useMenu(): MenuContextValue {
  const menu = use(MenuContext);
  if (!menu) throw new Error("DropdownMenu parts need a <DropdownMenu> around them");
  return menu;
}

function DropdownMenu({
  id,
  onOpenChange,
  children,
}: {
  id?: string;
  onOpenChange?: (open: boolean) => void;
  children?: React.ReactNode;
}) {
  const generated = useId();
  const [open, setOpen] = useState(false);
  const menuId = id ?? `menu-${generated.replace(/:/g, "")}`;
  return (
    <MenuContext
      value={{
        id: menuId,
        open,
        setOpen: (next) => {
          setOpen(next);
          onOpenChange?.(next);
        },
      }}
    >
      {children}
    </MenuContext>
  );
}

/**
 * The menu's button. The browser tells assistive technology whether the menu is open (a
 * `popovertarget` button is expanded with its popover); HTML forbids `aria-expanded` on it.
 */
function DropdownMenuTrigger({ asChild, ...props }: ComponentProps<"button"> & { asChild?: boolean }) {
  const { id, open } = useMenu();
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="dropdown-menu-trigger"
      data-state={open ? "open" : "closed"}
      type="button"
      aria-haspopup="menu"
      aria-controls={id}
      popoverTarget={id}
      {...props}
    />
  );
}

const menuSurface =
  "z-50 min-w-[8rem] overflow-x-hidden overflow-y-auto rounded-md border bg-surface-raised p-1 text-foreground shadow-lg shadow-black/40";

const enhance = (menu: HTMLElement | null) => (menu ? enhanceMenu(menu) : undefined);

/** `align`: which edge of the button the menu lines up with (`center` by default). */
function DropdownMenuContent({
  className,
  align = "center",
  ...props
}: ComponentProps<"div"> & { align?: "start" | "center" | "end" }) {
  const { id, setOpen } = useMenu();
  return (
    <div
      id={id}
      popover="auto"
      role="menu"
      tabIndex={-1}
      data-slot="dropdown-menu-content"
      data-align={align}
      onToggle={(event) => setOpen(event.newState === "open")}
      className={cn(
        menuSurface,
        // The UA styles centre a popover in the viewport; `enhanceMenu` sets its place.
        "fixed inset-auto m-0 outline-none",
        align === "center" && "-translate-x-1/2",
        className,
      )}
      {...props}
      ref={enhance}
    />
  );
}

function DropdownMenuGroup(props: ComponentProps<"div">) {
  return <div role="group" data-slot="dropdown-menu-group" {...props} />;
}

const dropdownMenuItemVariants = cva(
  "relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[inset]:pl-8 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default:
          "focus:bg-accent focus:text-accent-foreground [&_svg:not([class*='text-'])]:text-muted-foreground",
        danger: "text-danger focus:bg-danger/15 focus:text-danger [&_svg]:text-danger",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

type ItemProps = Omit<ComponentProps<"div">, "onSelect"> & {
  asChild?: boolean;
  disabled?: boolean;
  inset?: boolean;
  /** Called when the item is chosen; the menu then closes unless the event's default is prevented. */
  onSelect?: (event: MouseEvent<HTMLElement>) => void;
};

/** One choice: chosen by click, Enter or Space, after which the menu closes. */
function MenuItemBase({ asChild, disabled, inset, onSelect, onClick, ...props }: ItemProps) {
  const Comp = asChild ? Slot.Root : "div";
  return (
    <Comp
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      data-disabled={disabled ? "" : undefined}
      data-inset={inset || undefined}
      onClick={(event: MouseEvent<HTMLDivElement>) => {
        if (disabled) return event.preventDefault();
        onClick?.(event);
        onSelect?.(event);
        const menu = event.currentTarget.closest<HTMLElement>("[popover]");
        if (!event.defaultPrevented && menu?.matches(":popover-open")) menu.hidePopover();
      }}
      {...props}
    />
  );
}

function DropdownMenuItem({
  className,
  variant,
  ...props
}: ItemProps & VariantProps<typeof dropdownMenuItemVariants>) {
  return (
    <MenuItemBase
      data-slot="dropdown-menu-item"
      data-variant={variant ?? "default"}
      className={cn(dropdownMenuItemVariants({ variant }), className)}
      {...props}
    />
  );
}

function ItemIndicator({ children }: { children: React.ReactNode }) {
  return (
    <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
      {children}
    </span>
  );
}

function DropdownMenuCheckboxItem({
  className,
  children,
  checked,
  onCheckedChange,
  ...props
}: ItemProps & { checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <MenuItemBase
      data-slot="dropdown-menu-checkbox-item"
      role="menuitemcheckbox"
      aria-checked={checked}
      className={cn(dropdownMenuItemVariants(), "pl-8", className)}
      onSelect={() => onCheckedChange(!checked)}
      {...props}
    >
      <ItemIndicator>{checked ? <Check strokeWidth={2.5} /> : null}</ItemIndicator>
      {children}
    </MenuItemBase>
  );
}

const RadioGroupContext = createContext<{ value: string; onValueChange: (value: string) => void } | null>(
  null,
);

function DropdownMenuRadioGroup({
  value,
  onValueChange,
  ...props
}: ComponentProps<"div"> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <RadioGroupContext value={{ value, onValueChange }}>
      <div role="group" data-slot="dropdown-menu-radio-group" {...props} />
    </RadioGroupContext>
  );
}

function DropdownMenuRadioItem({ className, children, value, ...props }: ItemProps & { value: string }) {
  const group = use(RadioGroupContext);
  const checked = group?.value === value;
  return (
    <MenuItemBase
      data-slot="dropdown-menu-radio-item"
      role="menuitemradio"
      aria-checked={checked}
      className={cn(dropdownMenuItemVariants(), "pl-8", className)}
      onSelect={() => group?.onValueChange(value)}
      {...props}
    >
      <ItemIndicator>
        {checked ? <span className="block size-2 rounded-full bg-current" /> : null}
      </ItemIndicator>
      {children}
    </MenuItemBase>
  );
}

function DropdownMenuLabel({ className, inset, ...props }: ComponentProps<"div"> & { inset?: boolean }) {
  return (
    <div
      data-slot="dropdown-menu-label"
      data-inset={inset || undefined}
      className={cn("px-2 py-1.5 text-xs font-medium text-muted-foreground data-[inset]:pl-8", className)}
      {...props}
    />
  );
}

function DropdownMenuSeparator({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="separator"
      data-slot="dropdown-menu-separator"
      className={cn("-mx-1 my-1 h-px bg-border", className)}
      {...props}
    />
  );
}

function DropdownMenuShortcut({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      data-slot="dropdown-menu-shortcut"
      className={cn("ml-auto text-xs tracking-widest text-muted-foreground", className)}
      {...props}
    />
  );
}

export {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  dropdownMenuItemVariants,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
};
