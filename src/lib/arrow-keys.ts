/**
 * The item a key moves to from `index` in a row of `count` items (a chart's bars or points): Right
 * and Up to the next, Left and Down to the previous, Home and End to the ends, never past them.
 * `undefined` for any other key. Self-contained: the content pages' script carries it as source text.
 */
export function itemAfterKey(key: string, index: number, count: number): number | undefined {
  const moves: Record<string, number> = {
    ArrowRight: index + 1,
    ArrowUp: index + 1,
    ArrowLeft: index - 1,
    ArrowDown: index - 1,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? undefined : Math.max(0, Math.min(count - 1, target));
}
