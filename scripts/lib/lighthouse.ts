import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process";

/** One request of Lighthouse's critical request chain tree, with the requests that waited for it. */
export type ChainNode = { request?: { url?: string }; children?: Record<string, ChainNode> };

/** The parts of a Lighthouse JSON report the benchmarks read. */
export type LighthouseReport = {
  /** The machine Lighthouse ran on: `benchmarkIndex` is its CPU speed as Lighthouse measures it (higher is faster). */
  environment?: { benchmarkIndex?: number };
  /** The settings of the run: `cpuSlowdownMultiplier` is how many times slower its main thread was simulated. */
  configSettings?: { throttling?: { cpuSlowdownMultiplier?: number } };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      title: string;
      displayValue?: string;
      numericValue?: number;
      details?: {
        items?: {
          resourceType?: string;
          transferSize?: number;
          url?: string;
          items?: { node?: { nodeLabel?: string; snippet?: string } }[];
          /** The `metrics` audit's item: what the unthrottled load showed, in ms from navigation. */
          observedFirstPaint?: number;
          observedLoad?: number;
        }[];
        /** The `critical-request-chains` audit's tree. */
        chains?: Record<string, ChainNode>;
      };
    }
  >;
};

export type Scores = { performance: number; accessibility: number; bestPractices: number; seo: number };

const CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync";

/**
 * One Lighthouse run (mobile, simulated throttling, the four categories) with node_modules/.bin/lighthouse
 * in Chromium (CHROME_PATH, default /usr/bin/chromium); the JSON report is written to `output`.
 * Lighthouse's own messages go to stderr only with `showErrors`.
 */
export function runLighthouse(url: string, output: string, { showErrors = false } = {}): LighthouseReport {
  execFileSync(
    path.join(ROOT, "node_modules/.bin/lighthouse"),
    [
      url,
      "--output=json",
      `--output-path=${output}`,
      "--quiet",
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", showErrors ? "inherit" : "ignore"],
      timeout: 180_000,
    },
  );
  return JSON.parse(fs.readFileSync(output, "utf8")) as LighthouseReport;
}

/**
 * Headless Chromium's compositor can hold a loaded page's first frame for one or two whole seconds:
 * viz stops offering BeginFrames to a renderer that left a few unanswered during the load
 * (`ThrottleUnresponsiveClient`, GoogleChrome/lighthouse#17148), while the page is ready and its
 * main thread idle. Lighthouse then reads the late paint as the page's, and Lantern's simulated FCP,
 * LCP and Speed Index grow with it. Running every compositor stage before each draw keeps the
 * renderer answering, so the first frame is drawn when the page is ready. See
 * docs/decisions/0034-bench-held-first-paint.md.
 */
export const STEADY_PAINT_FLAG = "--run-all-compositor-stages-before-draw";

/**
 * The same run without blocking the event loop (servers in the calling process keep answering),
 * limited to `categories` (default: performance only). `errorPage`: the page answers 4xx on
 * purpose (the 404 page), which Lighthouse otherwise refuses to measure. `extraChromeFlags` are
 * added to Chromium's (e.g. STEADY_PAINT_FLAG). `cpuSlowdown` replaces Lighthouse's mobile CPU
 * slowdown (4×) in its simulation.
 */
export async function runLighthouseAsync(
  url: string,
  output: string,
  { categories = "performance", errorPage = false, extraChromeFlags = "", cpuSlowdown = undefined as number | undefined } = {},
): Promise<LighthouseReport> {
  await new Promise<void>((resolve, reject) => {
    execFile(
      path.join(ROOT, "node_modules/.bin/lighthouse"),
      [
        url,
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
        `--only-categories=${categories}`,
        `--chrome-flags=${`${CHROME_FLAGS} ${extraChromeFlags}`.trim()}`,
        ...(errorPage ? ["--ignore-status-code"] : []),
        ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, timeout: 180_000 },
      (error, _stdout, stderr) => (error ? reject(new Error(`Lighthouse failed on ${url}: ${error.message}\n${stderr}`)) : resolve()),
    );
  });
  return JSON.parse(fs.readFileSync(output, "utf8")) as LighthouseReport;
}

/** The four category scores, 0-100. */
export function scores(report: LighthouseReport): Scores {
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") };
}

/** The targets every public page must meet: performance 95 or more, the other categories 100. */
export function missedTargets(s: Scores): string[] {
  const misses: string[] = [];
  if (s.performance < 95) misses.push(`performance ${s.performance} < 95`);
  if (s.accessibility < 100) misses.push(`accessibility ${s.accessibility} < 100`);
  if (s.bestPractices < 100) misses.push(`best practices ${s.bestPractices} < 100`);
  if (s.seo < 100) misses.push(`SEO ${s.seo} < 100`);
  return misses;
}

/** What cost points: weighted audits below 0.9, with their displayed value. */
export function weakAudits(report: LighthouseReport): string[] {
  return Object.values(report.categories).flatMap((c) =>
    c.auditRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${ref.id}${report.audits[ref.id]?.displayValue ? ` (${report.audits[ref.id]!.displayValue})` : ""}`),
  );
}
