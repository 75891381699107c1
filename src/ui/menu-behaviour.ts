/**
 * What a native `popover` does not do for a menu (it already opens from its button, closes on
 * Escape and on a click outside, and gives focus back to the button): place the menu under its
 * button, move focus into it and between its items with the arrow keys, Home and End, follow the
 * pointer, choose an item with Enter or Space, and close on Tab. Returns the clean-up.
 *
 * Plain DOM code: on pages that ship no application bundle the page script imports it
 * (src/enhance/menu.ts), so the header's account menu works the same there.
 */
export function enhanceMenu(menu: HTMLElement): () => void {
  const doc = menu.ownerDocument;
  const view = doc.defaultView ?? window;
  const items = () =>
    [...menu.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')].filter((item) =>
      item.checkVisibility(),
    );
  const trigger = () => doc.querySelector<HTMLElement>(`[popovertarget="${menu.id}"]`);
  // Opened with the pointer, focus goes to the menu itself (no item highlighted); with the
  // keyboard, to the first item.
  let byPointer = false;
  const stop = new AbortController();
  let following: AbortController | null = null;

  const place = () => {
    const button = trigger();
    if (!button) return;
    const box = button.getBoundingClientRect();
    const width = doc.documentElement.clientWidth;
    const align = menu.dataset.align;
    menu.style.top = `${box.bottom + 4}px`;
    menu.style.translate = "";
    menu.style.maxHeight = `${Math.max(160, view.innerHeight - box.bottom - 12)}px`;
    menu.style.right = align === "end" ? `${Math.max(8, width - box.right)}px` : "auto";
    menu.style.left =
      align === "end" ? "auto" : `${align === "start" ? Math.max(8, box.left) : box.left + box.width / 2}px`;
  };

  const onBeforeToggle = (event: Event) => {
    if ((event as ToggleEvent).newState === "open") place();
  };
  const onToggle = (event: Event) => {
    const open = (event as ToggleEvent).newState === "open";
    menu.dataset.state = open ? "open" : "closed";
    if (open && menu.dataset.align === "center") {
      // Centred by a translate until it could be measured; a whole pixel keeps its text crisp.
      menu.style.left = `${Math.round(menu.getBoundingClientRect().left)}px`;
      menu.style.translate = "none";
    }
    following?.abort();
    following = null;
    if (open) {
      (byPointer ? menu : (items()[0] ?? menu)).focus();
      // While open, the menu follows its button when the page scrolls or the window resizes.
      following = new AbortController();
      view.addEventListener("resize", place, { signal: following.signal });
      view.addEventListener("scroll", place, { signal: following.signal, capture: true });
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(doc.activeElement as HTMLElement);
    const go = (index: number) => list[(index + list.length) % list.length]?.focus();
    const item = list[at];
    switch (event.key) {
      case "ArrowDown":
        go(at + 1);
        break;
      case "ArrowUp":
        go(at < 0 ? -1 : at - 1);
        break;
      case "Home":
        go(0);
        break;
      case "End":
        go(-1);
        break;
      case "Tab":
      case "Escape":
        // The browser closes a popover on Escape by itself, not on a key event sent by a script.
        menu.hidePopover();
        break;
      case "Enter":
      case " ":
        // Buttons answer both keys, links Enter, by themselves.
        if (!item || item.tagName === "BUTTON" || (item.tagName === "A" && event.key === "Enter")) return;
        item.click();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onPointerMove = (event: PointerEvent) => {
    const item = (event.target as Element).closest<HTMLElement>('[role^="menuitem"]');
    if (item && item.getAttribute("aria-disabled") !== "true" && item !== doc.activeElement) item.focus();
  };
  const onPointerLeave = () => {
    if (menu.matches(":popover-open")) menu.focus();
  };

  // The last input decides where focus goes on opening; ArrowDown on the button opens the menu.
  const onDocPointerDown = () => {
    byPointer = true;
  };
  const onDocKeyDown = (event: KeyboardEvent) => {
    byPointer = false;
    if (event.key === "ArrowDown" && event.target === trigger() && !menu.matches(":popover-open")) {
      event.preventDefault();
      menu.showPopover();
    }
  };

  const on = { signal: stop.signal };
  menu.addEventListener("beforetoggle", onBeforeToggle, on);
  menu.addEventListener("toggle", onToggle, on);
  menu.addEventListener("keydown", onKeyDown, on);
  menu.addEventListener("pointermove", onPointerMove, on);
  menu.addEventListener("pointerleave", onPointerLeave, on);
  doc.addEventListener("pointerdown", onDocPointerDown, { ...on, capture: true });
  doc.addEventListener("keydown", onDocKeyDown, { ...on, capture: true });
  return () => {
    stop.abort();
    following?.abort();
  };
}
