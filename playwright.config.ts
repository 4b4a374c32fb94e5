import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser journeys in Debian's Chromium against the built server, which global setup starts on
 * 127.0.0.1 with a fresh embedded database (demo content) and an in-process SMTP server.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
/**
 * Debian's headless shell (package chromium-headless-shell, the same engine and version as its
 * Chromium without the desktop browser's compositor and GPU process) when installed: a browser
 * context costs a quarter of the CPU, a page load a fifth less (docs/decisions/0045). Else
 * Debian's Chromium.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  // A test's ceiling, not a speed target: CI's machine is at times three times slower than on its
  // good days (the figures: docs/decisions/0045, amended 2026-12-02).
  timeout: 90_000,
  // A wait's ceiling, not a speed target: on CI's 2 cores shared with the Vitest lane, the heaviest
  // screens (/admin/site's whole landing form and its preview) took past 10 s to answer a save, and
  // at stop 39 past 20 s (those waits have AFTER_SAVE's 60 s, tests/e2e/support/site-editor.ts).
  expect: { timeout: 30_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "off",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } },
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }, grep: /@phone/ },
  ],
});
