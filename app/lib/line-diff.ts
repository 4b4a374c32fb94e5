/**
 * A line diff for the post history (decision: a small LCS of our own rather than a dependency).
 * The common head and tail are cut off first, so an edit in a long post compares only the lines
 * around it; past `MAX_CELLS` the middle is shown as removed then added, which stays correct.
 * Isomorphic: the history page and the conflict notice use it in the browser and on the server.
 */

export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

/** The largest LCS table (middle lines before × after); 4 million cells is 16 MB at most. */
const MAX_CELLS = 4_000_000;

function splitLines(text: string) {
  return text === "" ? [] : text.replace(/\r\n?/g, "\n").split("\n");
}

/** The lines of `before` and `after`, each marked same, removed (only in `before`) or added (only in `after`), in reading order. */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const same = (text: string): DiffLine => ({ kind: "same", text });
  return [...a.slice(0, head).map(same), ...diffMiddle(midA, midB), ...a.slice(a.length - tail).map(same)];
}

function diffMiddle(a: string[], b: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: "removed", text });
  const added = (text: string): DiffLine => ({ kind: "added", text });
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) return [...a.map(removed), ...b.map(added)];
  // lcs[i * width + j]: the length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) out.push(removed(a[i++]!));
    else out.push(added(b[j++]!));
  }
  while (i < a.length) out.push(removed(a[i++]!));
  while (j < b.length) out.push(added(b[j++]!));
  return out;
}

/** Whether two texts differ once line endings are set aside. */
export function hasChanges(lines: readonly DiffLine[]) {
  return lines.some((line) => line.kind !== "same");
}
