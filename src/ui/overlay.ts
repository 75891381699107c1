/**
 * The dim, blurred layer behind every modal surface, kept in one place. Radix's Dialog and
 * AlertDialog draw it as an element of their own (`overlayClassName`); the Sheet, a native popover
 * that works without JavaScript, draws the same layer as its `::backdrop` (`backdropClassName`).
 * Tailwind only sees classes written out in full, hence the two spellings side by side.
 */
export const overlayClassName = "fixed inset-0 z-50 bg-black/70 backdrop-blur-[2px]";
export const backdropClassName = "backdrop:bg-black/70 backdrop:backdrop-blur-[2px]";
