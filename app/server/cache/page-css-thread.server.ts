import { Worker, isMainThread, parentPort, threadId, workerData } from "node:worker_threads";
import { log } from "../core/log.server";
import { pruneInlineStylesheet, type IslandWords } from "./page-css.server";
import { islandSheet } from "./island-sheet.server";

/**
 * The stylesheet cut of a kept page (page-css.server.ts), and the sheets of the islands that start
 * at a touch (island-sheet.server.ts), in a thread of its own. PurgeCSS and
 * PostCSS work in one synchronous stretch: 58–292 ms for the home page, 31–47 for a post on the
 * bench machine, during which the server answered nobody (a request for `/` arriving then waited
 * 338 ms). Brotli 11, the refinement's other half, already runs in the thread pool.
 *
 * The thread's script is the module that holds this code (`import.meta.url`): in the built server
 * the chunk that scripts/lib/server-threads.ts has the build make of it (this module, PostCSS,
 * PurgeCSS, the logger and settings; not the whole server), under Vitest this TypeScript file,
 * loaded through tsx. When the thread cannot start or fails, the cut runs on the main thread as
 * before, and the failure is logged once.
 */

const ROLE = "studio:page-css";
/** A page to cut (`html`), or the sheet of the island `island` cut from the whole stylesheet `html` (island-sheet.server.ts). */
type Work = { html: string; island?: string; islands: IslandWords };
type Job = Work & { id: number };
type Reply = { id: number; html?: string; error?: string; threadId: number };

const work = ({ html, island, islands }: Work) => (island === undefined ? pruneInlineStylesheet(html, islands) : islandSheet(html, island, islands));

// In the thread: answer each page with its cut, each island with its sheet.
if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  parentPort!.on("message", (job: Job) => {
    work(job).then(
      (html) => parentPort!.postMessage({ id: job.id, html, threadId } satisfies Reply),
      (error: unknown) => parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error), threadId } satisfies Reply),
    );
  });
}

type Thread = { worker: Worker; waiting: Map<number, (reply: Reply) => void> };
/** undefined: not started yet; null: unavailable (the cut runs here). */
let thread: Thread | null | undefined;
let nextId = 0;

function startThread(): Thread | null {
  const script = new URL(import.meta.url);
  try {
    // TypeScript (tests): a bootstrap that registers tsx's loader, then loads it.
    const typescript = script.pathname.endsWith(".ts");
    const source = typescript ? `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })` : script;
    const worker = new Worker(source, { eval: typescript, workerData: { role: ROLE } });
    worker.unref(); // never what keeps the process alive
    const started: Thread = { worker, waiting: new Map() };
    const fail = (reason: string) => {
      if (thread !== started) return;
      thread = null;
      log.warn("page stylesheet thread stopped: cuts run on the main thread", { reason });
      for (const answer of started.waiting.values()) answer({ id: -1, error: reason, threadId: -1 });
      started.waiting.clear();
    };
    worker.on("message", (reply: Reply) => {
      started.waiting.get(reply.id)?.(reply);
      started.waiting.delete(reply.id);
    });
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exit ${code}`));
    return started;
  } catch (error) {
    log.warn("page stylesheet thread not started: cuts run on the main thread", { reason: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/**
 * `html` with its inline stylesheet cut (`pruneInlineStylesheet`), worked out in the stylesheet
 * thread when it runs, else here; `threadId` says which (0 is the main thread).
 */
export async function pruneInThread(html: string, islands: IslandWords): Promise<{ html: string; threadId: number }> {
  return inThread({ html, islands });
}

/** The sheet of the island `name` (`islandSheet`) cut from the whole stylesheet `css`, in the stylesheet thread when it runs. */
export async function islandSheetInThread(css: string, name: string, islands: IslandWords): Promise<{ css: string; threadId: number }> {
  const { html, threadId } = await inThread({ html: css, island: name, islands });
  return { css: html, threadId };
}

async function inThread(job: Work): Promise<{ html: string; threadId: number }> {
  if (thread === undefined) thread = startThread();
  const current = thread;
  if (current) {
    const id = nextId++;
    const reply = await new Promise<Reply>((answer) => {
      current.waiting.set(id, answer);
      current.worker.postMessage({ ...job, id } satisfies Job);
    });
    if (reply.html !== undefined) return { html: reply.html, threadId: reply.threadId };
    if (reply.threadId >= 0) throw new Error(reply.error); // the work itself failed: as it would here
  }
  return { html: await work(job), threadId };
}
