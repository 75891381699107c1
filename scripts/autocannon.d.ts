// The subset of autocannon's API scripts/bench-api.ts uses (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Options = {
      url: string;
      duration?: number;
      connections?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
    };
    type Histogram = { average: number; p50: number; p99: number };
    type Result = {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    };
  }
  function autocannon(
    options: autocannon.Options,
    callback: (error: Error | null, result: autocannon.Result) => void,
  ): unknown;
  export default autocannon;
}
