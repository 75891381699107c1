// The subset of autocannon's API the benchmark scripts use (the package ships no types).
declare module "autocannon" {
  namespace autocannon {
    type Options = {
      url: string;
      duration?: number;
      connections?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      /** Called before each request; what it returns is sent. */
      requests?: { method?: string; setupRequest?: (request: Request) => Request }[];
    };
    type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
    type Histogram = { average: number; p50: number; p99: number; max: number };
    type Result = {
      requests: Histogram;
      latency: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    };
    type Instance = { stop(): void; on(event: "done", listener: (result: Result) => void): void };
  }
  function autocannon(
    options: autocannon.Options,
    callback?: (error: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export default autocannon;
}
