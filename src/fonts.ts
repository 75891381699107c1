import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/**
 * The font files every page needs before its first paint, preloaded by the root layout. They are
 * the same files as the `@font-face` rules of `app.css` (Vite gives both the same hashed URL).
 */
export const preloadedFonts = [interLatin];
