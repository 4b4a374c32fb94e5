// @ts-check
// The steps of `npm test` (scripts/test-all.mjs) and how their output is printed: a main-lane step
// prints as it goes, a side-lane step whole when it ends, so no two steps' lines mix.
import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

/**
 * A step of the run. The main lane's steps print as they go, line by line; a side-lane step prints
 * whole when it ends (between two lines of the main lane's output), so no two steps' lines mix.
 * @typedef {{ label: string; lane: "main" | "side"; text: string; decoder: StringDecoder; seconds?: number }} Step
 */

/** @type {Step[]} */
export const steps = [];
/** The main-lane step printing now. @type {Step | undefined} */
let live;
/** A side-lane step was printed since the live step's last line. */
let interrupted = false;

/** @param {string} text a live step's lines */
function printLive(text) {
  if (!text) return;
  if (interrupted && live) process.stdout.write(`\n━━ ${live.label} (continued)\n`);
  interrupted = false;
  process.stdout.write(text);
}

/**
 * @param {string} label
 * @param {"main" | "side"} lane
 * @returns {Step}
 */
export function step(label, lane) {
  const s = { label, lane, text: "", decoder: new StringDecoder("utf8") };
  steps.push(s);
  return s;
}

/**
 * What a step's command wrote. A main-lane step's complete lines are printed at once.
 * @param {Step} s
 * @param {string} text
 */
function take(s, text) {
  s.text += text;
  if (s !== live) return;
  const cut = s.text.lastIndexOf("\n");
  if (cut < 0) return;
  printLive(s.text.slice(0, cut + 1));
  s.text = s.text.slice(cut + 1);
}

/**
 * The step has started (`first`) or ended (`last`): a main-lane step starts printing, a side-lane one prints all it wrote.
 * @param {Step} s
 * @param {{ first?: boolean; last?: boolean }} moment
 */
function mark(s, { first = false, last = false }) {
  if (s.lane === "main") {
    if (first) {
      live = s;
      interrupted = false;
      process.stdout.write(`\n━━ ${s.label}\n`);
    }
    if (last) {
      const rest = s.text + s.decoder.end();
      printLive(rest && !rest.endsWith("\n") ? `${rest}\n` : rest);
      s.text = "";
      live = undefined;
      interrupted = false;
    }
    return;
  }
  if (!last) return;
  const text = s.text + s.decoder.end();
  process.stdout.write(`\n━━ ${s.label} (${(s.seconds ?? 0).toFixed(0)} s)\n${text}${text.endsWith("\n") || !text ? "" : "\n"}`);
  s.text = "";
  interrupted = true;
}

/**
 * Runs a command for a step; resolves to its exit code.
 * @param {Step} s
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>; niceness?: number; first?: boolean; last?: boolean }} [options]
 *   `first: false` / `last: false`: the step ran a command before this one / has another to run
 * @returns {Promise<number>}
 */
export function run(s, command, args, { env = {}, niceness = 0, first = true, last = true } = {}) {
  const t0 = Date.now();
  if (first) mark(s, { first });
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    // Set before the child starts its own processes (a Vitest pool, Chromium): they inherit it.
    if (niceness && child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // not allowed here: it runs at normal priority
      }
    }
    /** @param {Buffer} chunk */
    const onData = (chunk) => take(s, s.decoder.write(chunk));
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => take(s, `${error.message}\n`));
    child.on("close", (code) => {
      s.seconds = (s.seconds ?? 0) + (Date.now() - t0) / 1000;
      if (last) mark(s, { last });
      resolve(code ?? 1);
    });
  });
}

/**
 * A step that does not run: says why.
 * @param {Step} s
 * @param {string} why
 */
export function notRun(s, why) {
  mark(s, { first: true });
  take(s, `${why}\n`);
  mark(s, { last: true });
}

/**
 * Runs `jobs` at most `limit` at a time, in order.
 * @param {(() => Promise<void>)[]} jobs
 * @param {number} limit
 */
export async function inTurn(jobs, limit) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, worker));
}
