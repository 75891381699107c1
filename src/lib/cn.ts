import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays). It does not resolve Tailwind conflicts: a
 * component's own classes and a caller's `className` never set the same property (variants pick
 * between alternatives), which the story tier checks on every rendered element.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
