import { describe, expect, it, vi } from "vitest";
import { fetchWithRetry, retryStatuses } from "./fetch-retry.ts";

function fakeFetch(...answers: (number | Error)[]) {
  const calls: string[] = [];
  const impl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method ?? "GET"} ${String(input)}`);
    const answer = answers.shift() ?? 200;
    if (answer instanceof Error) throw answer;
    return new Response(String(answer), { status: answer });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe("fetchWithRetry", () => {
  it.each([...retryStatuses])("retries a GET answered %i once, then returns the answer", async (status) => {
    const { impl, calls } = fakeFetch(status, 200);
    const response = await fetchWithRetry("/x", {}, { fetch: impl, delayMs: 0 });
    expect(response.status).toBe(200);
    expect(calls).toEqual(["GET /x", "GET /x"]);
  });

  it("gives up after the allowed retries and returns the last answer", async () => {
    const { impl, calls } = fakeFetch(503, 503, 503, 200);
    const response = await fetchWithRetry("/x", {}, { fetch: impl, retries: 2, delayMs: 0 });
    expect(response.status).toBe(503);
    expect(calls).toHaveLength(3);
  });

  it.each([400, 401, 403, 404, 422, 501])("does not retry a GET answered %i", async (status) => {
    const { impl, calls } = fakeFetch(status, 200);
    expect((await fetchWithRetry("/x", {}, { fetch: impl, delayMs: 0 })).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it("retries a network error on GET but never a POST", async () => {
    const get = fakeFetch(new TypeError("network"), 200);
    expect((await fetchWithRetry("/x", {}, { fetch: get.impl, delayMs: 0 })).status).toBe(200);
    const post = fakeFetch(503, 200);
    expect((await fetchWithRetry("/x", { method: "POST" }, { fetch: post.impl, delayMs: 0 })).status).toBe(
      503,
    );
    expect(post.calls).toEqual(["POST /x"]);
  });

  it("does not retry an aborted request", async () => {
    const controller = new AbortController();
    controller.abort();
    const { impl, calls } = fakeFetch(new DOMException("aborted", "AbortError"), 200);
    await expect(
      fetchWithRetry("/x", { signal: controller.signal }, { fetch: impl, delayMs: 0 }),
    ).rejects.toThrow("aborted");
    expect(calls).toHaveLength(1);
  });
});
