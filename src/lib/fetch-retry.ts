/** Statuses a GET is retried on (docs/product.md, Navigation and updates). */
export const retryStatuses: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export type RetryOptions = {
  /** Extra attempts after the first (default 1). */
  retries?: number;
  /** Pause before each retry, in milliseconds, doubled each time. */
  delayMs?: number;
  fetch?: typeof fetch;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` for the site's own requests (build manifests, search index): a GET or HEAD that fails
 * with one of `retryStatuses` or a network error is tried again; other methods never are, since
 * repeating them could apply a change twice. An aborted request is not retried.
 */
export async function fetchWithRetry(
  input: string | URL,
  init: RequestInit = {},
  { retries = 1, delayMs = 200, fetch: fetchImpl = globalThis.fetch }: RetryOptions = {},
): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const retryable = method === "GET" || method === "HEAD";
  for (let attempt = 0; ; attempt++) {
    const last = !retryable || attempt >= retries;
    try {
      const response = await fetchImpl(input, init);
      if (last || !retryStatuses.has(response.status)) return response;
    } catch (error) {
      if (last || init.signal?.aborted || (error instanceof DOMException && error.name === "AbortError"))
        throw error;
    }
    if (delayMs > 0) await sleep(delayMs * 2 ** attempt);
  }
}

/** GETs JSON with retries; throws on a non-2xx answer, naming the URL and status. */
export async function getJson<T>(url: string, options?: RetryOptions): Promise<T> {
  const response = await fetchWithRetry(url, { headers: { Accept: "application/json" } }, options);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}
