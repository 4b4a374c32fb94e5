/** The part of autocannon 9's API that scripts/bench-blog.ts and scripts/bench-analytics.ts use (the package ships no types). */
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
    requests?: { method?: string; path?: string; setupRequest?: (request: Request) => Request }[];
  };
  type Result = {
    requests: { average: number; total: number; sent: number };
    latency: { p99: number; p50: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
