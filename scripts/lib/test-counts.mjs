// @ts-check
// What `npm test` counts: each suite's passed, failed and skipped tests from its JSON report, each
// gate as one check, and the problems listed above the summary line.
import fs from "node:fs";

export const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
export const problems = [];

/**
 * @param {string} file
 * @returns {unknown}
 */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * @typedef {{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests?: number;
 *   testResults: { status: string; assertionResults: { status: string }[] }[] }} VitestReport
 */

/**
 * @param {string} label
 * @param {string} file
 * @param {number} status
 */
export function countVitest(label, file, status) {
  if (!fs.existsSync(file)) {
    problems.push(`${label}: no results (exit ${status})`);
    totals.failed += 1;
    return;
  }
  const report = /** @type {VitestReport} */ (readJson(file));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const suiteFailures = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.every((a) => a.status !== "failed")).length;
  if (suiteFailures) {
    totals.failed += suiteFailures;
    problems.push(`${label}: ${suiteFailures} test file(s) failed to run`);
  }
  if (status !== 0 && report.numFailedTests === 0 && !suiteFailures) {
    totals.failed += 1;
    problems.push(`${label}: exited ${status}`);
  }
}

/**
 * @param {string} label
 * @param {string} file
 * @param {number} status
 */
export function countPlaywright(label, file, status) {
  if (!fs.existsSync(file)) {
    problems.push(`${label}: no results (exit ${status})`);
    totals.failed += 1;
    return;
  }
  const { stats, errors } = /** @type {{ stats: { expected: number; flaky: number; unexpected: number; skipped: number }; errors?: unknown[] }} */ (
    readJson(file)
  );
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (errors?.length) {
    totals.failed += errors.length;
    problems.push(`${label}: ${errors.length} error(s) outside tests (setup or teardown)`);
  }
}

/**
 * A gate passes with exit code 0; any finding fails it (and so `npm test`).
 * @param {string} label
 * @param {number} status
 */
export function countGate(label, status) {
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(`${label}: failed (see above)`);
  }
}
