/** The part of autocannon 9's API that the bench scripts and tests/cluster use (the package ships no types). */
declare module "autocannon" {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    /** Requests per second over all connections. */
    overallRate?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  };
  type Result = {
    requests: { average: number; total: number; sent: number };
    latency: { p99: number; p50: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
    /** By status code, e.g. statusCodeStats["204"].count. */
    statusCodeStats: Record<string, { count: number } | undefined>;
  };
  /** The run: awaited for its result; "reqError" tells each failed request (a socket error or a timeout). */
  type Instance = Promise<Result> & { on(event: "reqError", listener: (error: Error & { code?: string }) => void): unknown };
  export default function autocannon(options: Options): Instance;
}
