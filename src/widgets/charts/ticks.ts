/** The most ticks an axis ever shows: charts stay readable at any width. */
export const maxTicks = 11;

/** How many ticks fit along an axis of `length` pixels with `spacing` pixels per tick, 2 to 11. */
export function tickCount(length: number, spacing: number): number {
  return Math.max(2, Math.min(maxTicks, Math.floor(length / spacing)));
}

/** At most `count` (and at most 11) of `values`, evenly spaced from the first one, in order. */
export function thinTicks<T>(values: readonly T[], count: number): T[] {
  const limit = Math.max(1, Math.min(count, maxTicks));
  if (values.length <= limit) return [...values];
  const step = Math.ceil(values.length / limit);
  const kept: T[] = [];
  for (let i = 0; i < values.length && kept.length < limit; i += step) kept.push(values[i] as T);
  return kept;
}

/**
 * The values whose label is exact (`exact` from the chart's formatters), so a whole-number axis never
 * shows 2.5 rounded to "3" next to 3; all of them when fewer than two would be left.
 */
export function exactTicks(values: readonly number[], exact: (value: number) => boolean): number[] {
  const kept = values.filter(exact);
  return kept.length >= 2 ? kept : [...values];
}
