/**
 * A date as PocketBase writes it (`2026-01-02 10:00:00.000Z`: a space, not a `T`, between day and
 * time), as an ISO timestamp, or a bare day (`2026-01-02`, read as midnight UTC, so the day never
 * shifts with the time zone). An unreadable value gives an invalid date (`NaN` time).
 */
export function parseDateTime(value: string): Date {
  return new Date(value.replace(" ", "T"));
}
