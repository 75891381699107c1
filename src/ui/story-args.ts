import type { ArgTypes } from "@storybook/react-vite";

/**
 * The argTypes of props a story sets for the types only (its render ignores them, or they hold
 * elements): listed in the docs page's table, with no control that would seem to change the story.
 */
export function readOnlyArgs<Name extends string>(...names: Name[]) {
  const entries = names.map((name) => [name, { control: false }] as const);
  return Object.fromEntries(entries) as ArgTypes<Record<Name, unknown>>;
}
