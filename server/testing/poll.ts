/**
 * Reads `read()` every `everyMs` until `done(value)` and returns that value. Past `timeoutMs` it
 * throws an error saying `failure(value)` of the last read. For what a test cannot await directly
 * (mail leaves after the answer, logs are written in batches, a child process prints).
 */
export async function pollUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  failure: (value: T) => string,
  { timeoutMs = 5000, everyMs = 10 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(failure(value));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
