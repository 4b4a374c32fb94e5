/**
 * The pure parts of `npm run bench:pages` (scripts/bench-pages.ts): the figures read from one
 * Lighthouse report, their median over runs, the targets of issue 14 and the script stripper of the
 * "no scripts" variant. Unit-tested in page-bench.test.ts.
 */
import { median } from "./stats";
import type { ChainNode, LighthouseReport } from "./lighthouse";

/** The figures of one Lighthouse run of one page. */
export type PageFigures = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  jsFiles: number;
  requests: number;
  /** The page's own answer as it came over the wire: its headers and its encoded body. */
  documentBytes: number;
  /** Requests in the longest critical request chain, the document included (HTML → CSS = 2). */
  chainDepth: number;
  /**
   * How long after the load event the unthrottled load drew its first frame (negative: before).
   * A second or more means Chromium held the frame (see HELD_PAINT_MS), not that the page was slow.
   */
  paintAfterLoadMs: number;
  /** What Lighthouse named the largest contentful paint element (its label or snippet). */
  lcpElement: string;
  /** Lighthouse's CPU benchmark index of the machine during the run (NaN when the report has none). */
  benchmarkIndex: number;
  /** How many times slower Lighthouse simulated the main thread (its mobile default: 4). */
  cpuSlowdown: number;
};

/**
 * A first frame drawn this long after the load event was held by headless Chromium's compositor
 * (scripts/lib/lighthouse.ts, STEADY_PAINT_FLAG): the held frames come in whole seconds, pages
 * that are not held paint within a few hundred milliseconds of their load.
 */
export const HELD_PAINT_MS = 900;

/**
 * What a new connection delivers in its first round trip (TCP's initial window of 10 segments of
 * 1,460 bytes, as Lighthouse simulates it): a document larger than this waits a second round trip,
 * and every request it starts waits with it (docs/decisions/0036).
 */
export const FIRST_WINDOW_BYTES = 14_600;

/** Lighthouse's mobile CPU slowdown: the main thread's tasks are simulated this many times longer. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/**
 * BENCH_AS_INDEX: the slowdown that makes a run on a machine of `observedIndex` stand for one on a
 * machine of `targetIndex` (a slower day): Lighthouse simulates each main-thread task as observed
 * times the slowdown, and the index measures that thread's speed, so 4 × observed / target. Never
 * below 4: the emulation only slows a machine down.
 */
export function slowdownFor(observedIndex: number, targetIndex: number): number {
  if (!Number.isFinite(observedIndex) || !(targetIndex > 0)) return DEFAULT_CPU_SLOWDOWN;
  return Math.max(DEFAULT_CPU_SLOWDOWN, Math.round(((DEFAULT_CPU_SLOWDOWN * observedIndex) / targetIndex) * 100) / 100);
}

/** The machine a run stood for: its own index, divided by how much more than 4× it was slowed. */
export function effectiveIndex(run: Pick<PageFigures, "benchmarkIndex" | "cpuSlowdown">): number {
  return (run.benchmarkIndex * DEFAULT_CPU_SLOWDOWN) / run.cpuSlowdown;
}

/** The number of requests in the deepest path of a critical request chain tree (0 for none). */
export function chainDepth(chains: Record<string, ChainNode> | undefined): number {
  let deepest = 0;
  for (const node of Object.values(chains ?? {})) deepest = Math.max(deepest, 1 + chainDepth(node.children));
  return deepest;
}

/** The figures of one report (mobile performance audits). */
export function pageFigures(report: LighthouseReport): PageFigures {
  const audit = (id: string) => report.audits[id];
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const requests = (audit("network-requests")?.details?.items ?? []).filter((item) => !item.url?.startsWith("data:"));
  const scripts = requests.filter((item) => item.resourceType === "Script");
  const lcpTable = audit("largest-contentful-paint-element")?.details?.items?.[0]?.items?.[0]?.node;
  const observed = audit("metrics")?.details?.items?.[0];
  return {
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsFiles: scripts.length,
    documentBytes: requests.find((item) => item.resourceType === "Document")?.transferSize ?? Number.NaN,
    requests: requests.length,
    chainDepth: chainDepth(audit("critical-request-chains")?.details?.chains),
    paintAfterLoadMs: (observed?.observedFirstPaint ?? Number.NaN) - (observed?.observedLoad ?? Number.NaN),
    lcpElement: lcpTable?.nodeLabel ?? lcpTable?.snippet ?? "?",
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    cpuSlowdown: report.configSettings?.throttling?.cpuSlowdownMultiplier ?? DEFAULT_CPU_SLOWDOWN,
  };
}

/** A page's runs summarised: each figure's median and its values in run order. */
export type PageSummary = {
  page: string;
  /** "peer": another site's page (BENCH_PEER_URL), measured in the same runs for comparison. */
  variant: "as served" | "scripts stripped" | "peer";
  runs: PageFigures[];
  median: Omit<PageFigures, "lcpElement">;
  lcpElement: string;
};

const NUMERIC_FIGURES = [
  "performance",
  "fcpMs",
  "lcpMs",
  "tbtMs",
  "cls",
  "jsBytes",
  "jsFiles",
  "documentBytes",
  "requests",
  "chainDepth",
  "paintAfterLoadMs",
  "benchmarkIndex",
  "cpuSlowdown",
] as const;

export function summarise(page: string, variant: PageSummary["variant"], runs: PageFigures[]): PageSummary {
  if (runs.length === 0) throw new Error(`no Lighthouse runs of ${page}`);
  const medians = Object.fromEntries(NUMERIC_FIGURES.map((key) => [key, median(runs.map((run) => run[key]))])) as PageSummary["median"];
  // The element of the most common kind across runs (they agree unless the page is unstable).
  const elements = runs.map((run) => run.lcpElement);
  const lcpElement = elements.toSorted((a, b) => elements.filter((e) => e === b).length - elements.filter((e) => e === a).length)[0]!;
  return { page, variant, runs, median: medians, lcpElement };
}

/** The JavaScript budget of a page in bytes (compressed), or null when issue 14 sets none. */
export function jsBudget(page: string, postPath: string | null): number | null {
  if (page === "/") return 50 * 1024;
  // Case studies carry a post's islands at most (the header, the audit button): a post's budget.
  if (page === postPath || page.startsWith("/case-studies") || ["/team", "/privacy", "/terms"].includes(page)) return 25 * 1024;
  return null;
}

/**
 * Issue 14's targets: performance 100 in every run, LCP ≤ 1.2 s, TBT ≤ 50 ms, CLS 0 (medians),
 * the JavaScript budget, and no critical chain longer than HTML → CSS → font or image (3).
 */
export function missedTargets(summary: PageSummary, postPath: string | null): string[] {
  const { page, variant, runs, median: m } = summary;
  if (variant === "peer") return []; // a reference, not ours
  const label = variant === "as served" ? page : `${page} (scripts stripped)`;
  const misses: string[] = [];
  const below = runs.filter((run) => run.performance < 100).map((run) => run.performance);
  if (below.length) misses.push(`${label}: performance ${below.join(", ")} < 100 in ${below.length} of ${runs.length} runs`);
  if (m.lcpMs > 1200) misses.push(`${label}: LCP ${seconds(m.lcpMs)} > 1.20 s${overFirstWindow(m.documentBytes)}`);
  if (m.tbtMs > 50) misses.push(`${label}: TBT ${Math.round(m.tbtMs)} ms > 50 ms`);
  if (m.cls > 0) misses.push(`${label}: CLS ${m.cls.toFixed(3)} > 0`);
  if (m.chainDepth > 3) misses.push(`${label}: critical request chain of ${m.chainDepth} requests > 3 (HTML → CSS → font or image)`);
  const budget = jsBudget(page, postPath);
  if (budget !== null && m.jsBytes > budget) misses.push(`${label}: ${kb(m.jsBytes)} of JavaScript > ${kb(budget)}`);
  return misses;
}

/** Why a page's LCP may be late: its document needs a second round trip. */
function overFirstWindow(documentBytes: number): string {
  if (!(documentBytes > FIRST_WINDOW_BYTES)) return "";
  return ` (its document, ${documentBytes.toLocaleString("en-US")} bytes with headers, takes a second round trip: over the ${FIRST_WINDOW_BYTES.toLocaleString("en-US")} a new connection delivers in its first)`;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One table row per page and variant: the medians, with each run's value after them. */
export function formatSummary(s: PageSummary): string[] {
  const values = (pick: (run: PageFigures) => string) => (s.runs.length > 1 ? ` (${s.runs.map(pick).join(" / ")})` : "");
  const m = s.median;
  return [
    `${s.page}  [${s.variant}]`,
    `  perf ${m.performance}${values((r) => String(r.performance))}`,
    `  FCP ${seconds(m.fcpMs)}${values((r) => seconds(r.fcpMs))}`,
    `  LCP ${seconds(m.lcpMs)}${values((r) => seconds(r.lcpMs))}  element: ${s.lcpElement}`,
    `  TBT ${Math.round(m.tbtMs)} ms${values((r) => `${Math.round(r.tbtMs)}`)}   CLS ${m.cls.toFixed(3)}${values((r) => r.cls.toFixed(3))}`,
    `  document ${kb(m.documentBytes)} with headers${values((r) => kb(r.documentBytes))}   JS ${kb(m.jsBytes)} in ${m.jsFiles} files${values((r) => kb(r.jsBytes))}   requests ${m.requests}${values((r) => String(r.requests))}   longest chain ${m.chainDepth}${values((r) => String(r.chainDepth))}`,
    `  first paint ${Math.round(m.paintAfterLoadMs)} ms after load${values((r) => `${Math.round(r.paintAfterLoadMs)}`)}   held by Chromium in ${heldRuns(s)} of ${s.runs.length} runs`,
    `  CPU benchmark index ${Math.round(m.benchmarkIndex)}${values((r) => `${Math.round(r.benchmarkIndex)}`)}${
      s.runs.some((r) => r.cpuSlowdown !== DEFAULT_CPU_SLOWDOWN)
        ? `   emulated as index ${Math.round(median(s.runs.map(effectiveIndex)))}${values((r) => `${Math.round(effectiveIndex(r))} at ${r.cpuSlowdown}×`)}`
        : ""
    }`,
  ];
}

/** The CPU benchmark index over every run (Lighthouse measures it at each run's start): lowest, median, highest. */
export function benchmarkIndexLine(summaries: PageSummary[]): string {
  const runs = summaries.flatMap((s) => s.runs).filter((r) => Number.isFinite(r.benchmarkIndex));
  if (runs.length === 0) return "CPU benchmark index: not in the reports.";
  const range = (values: number[]) => {
    const sorted = values.toSorted((a, b) => a - b);
    return `${Math.round(sorted[0]!)} to ${Math.round(sorted.at(-1)!)}, median ${Math.round(median(values))}`;
  };
  const line = `CPU benchmark index of this machine over ${runs.length} runs: ${range(runs.map((r) => r.benchmarkIndex))} (Lighthouse's; higher is faster).`;
  if (runs.every((r) => r.cpuSlowdown === DEFAULT_CPU_SLOWDOWN)) return line;
  const slowdowns = runs.map((r) => r.cpuSlowdown).toSorted((a, b) => a - b);
  return `${line}\nEmulated (BENCH_AS_INDEX): CPU slowdown ${slowdowns[0]}× to ${slowdowns.at(-1)}× instead of 4×, standing for a machine of index ${range(runs.map(effectiveIndex))}.`;
}

/**
 * BENCH_PEER_URL as a URL on this machine, or null when unset; anything not on 127.0.0.1 or
 * localhost is refused (the bench contacts nothing else).
 */
export function peerUrl(value: string | undefined): URL | null {
  if (!value) return null;
  const url = new URL(value);
  if (!["127.0.0.1", "localhost", "[::1]"].includes(url.hostname) || !/^https?:$/.test(url.protocol)) {
    throw new Error(`BENCH_PEER_URL must be an http address on 127.0.0.1 or localhost, not ${value}`);
  }
  return url;
}

/** The runs whose first frame Chromium held (drawn HELD_PAINT_MS or more after the load event). */
export function heldRuns(s: PageSummary): number {
  return s.runs.filter((run) => run.paintAfterLoadMs >= HELD_PAINT_MS).length;
}

const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const MODULEPRELOAD_LINK = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi;

/**
 * The same HTML with every `<script>` element (inline, external, JSON-LD) and every
 * `<link rel="modulepreload">` removed; nothing else changes.
 */
export function stripScripts(html: string): string {
  return html.replace(SCRIPT_ELEMENT, "").replace(MODULEPRELOAD_LINK, "");
}

/** The first blog post's path in a sitemap (`/blog/<slug>`, not a category or tag page), or null. */
export function firstPostPath(sitemapXml: string): string | null {
  for (const [, loc] of sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const pathname = new URL(loc!).pathname;
    if (/^\/blog\/(?!category\/|tag\/|page\/)[^/]+$/.test(pathname)) return pathname;
  }
  return null;
}
