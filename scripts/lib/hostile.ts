import fs from "node:fs";
import http from "node:http";

/**
 * Hostile requests a test or a benchmark sends to a server on 127.0.0.1: a large body sent in
 * chunks (no Content-Length) that stops as soon as the server answers, and the server process's
 * resident memory read from /proc.
 */

export type ChunkedResult = { status: number; body: string; sentBytes: number };

export type ChunkedOptions = {
  /** What the body is made of (one character, repeated). */
  fill?: string;
  /**
   * Stop writing once this many bytes are sent and wait (up to `HOLD_MS`) for the answer before
   * sending the rest: a server that answers while the body streams answers during the hold,
   * whatever the load on the machine; one that waits for the whole body is sent all of it.
   */
  holdAt?: number;
};

/** How long `holdAt` waits for the answer before sending the rest of the body. */
export const HOLD_MS = 20_000;

/**
 * POSTs `totalBytes` of `fill` to `url` with Transfer-Encoding: chunked, 64 KB at a time, waiting
 * for the socket to drain; stops sending when the answer arrives. `sentBytes` is how much had been
 * written by then: far below `totalBytes` when the server answered while the body streamed.
 */
export function sendChunked(
  url: string,
  totalBytes: number,
  headers: Record<string, string> = {},
  { fill = "a", holdAt }: ChunkedOptions = {},
): Promise<ChunkedResult> {
  const chunk = Buffer.alloc(64 * 1024, fill);
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    let hold: NodeJS.Timeout | undefined;
    // A kept-alive connection, as a browser's: with "Connection: close" the server rightly closes it
    // after its answer, and the writes still under way fail with EPIPE instead of reading the answer.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = http.request(url, { method: "POST", headers: { "Transfer-Encoding": "chunked", ...headers }, agent });
    request.on("response", (response) => {
      answered = true;
      clearTimeout(hold);
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString("utf8"), sentBytes });
        request.destroy();
        agent.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) {
        clearTimeout(hold);
        agent.destroy();
        reject(error);
      }
    });
    let held = holdAt === undefined;
    const pump = () => {
      while (!answered && sentBytes < totalBytes) {
        if (!held && sentBytes >= holdAt!) {
          held = true;
          hold = setTimeout(pump, HOLD_MS);
          return;
        }
        const part = sentBytes + chunk.length <= totalBytes ? chunk : chunk.subarray(0, totalBytes - sentBytes);
        sentBytes += part.length;
        if (!request.write(part)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** The resident memory of process `pid` in bytes (Linux: VmRSS in /proc/PID/status). */
export function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

/** Runs `work` while sampling `pid`'s resident memory every 10 ms; returns its result and the highest sample. */
export async function withPeakResident<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakBytes: number }> {
  let peakBytes = residentBytes(pid);
  const timer = setInterval(() => {
    try {
      peakBytes = Math.max(peakBytes, residentBytes(pid));
    } catch {
      // the process ended: keep the last figure
    }
  }, 10);
  try {
    const result = await work();
    peakBytes = Math.max(peakBytes, residentBytes(pid));
    return { result, peakBytes };
  } finally {
    clearInterval(timer);
  }
}
