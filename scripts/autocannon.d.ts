/** The part of autocannon 9's API that scripts/bench-blog.ts uses (the package ships no types). */
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; timeout?: number };
  type Result = {
    requests: { average: number };
    latency: { p99: number; p50: number };
    errors: number;
    non2xx: number;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
