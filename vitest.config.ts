import path from "node:path";
import { defineConfig } from "vitest/config";
import { beaconPlugin } from "./scripts/lib/beacon.ts";
import { inlineScriptsPlugin } from "./scripts/lib/inline-scripts.ts";
import { islandsManifestStub } from "./scripts/lib/islands.ts";

// Unit and integration tests; the browser journeys live in tests/e2e (Playwright).
export default defineConfig({
  // app/root.tsx imports the beacon's address ("virtual:beacon"), the islands' files ("virtual:islands")
  // and the inline scripts ("virtual:inline-scripts", built for real: a few milliseconds).
  plugins: [beaconPlugin(), islandsManifestStub(), inlineScriptsPlugin()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    // A ceiling, not a speed target: on CI's 2 cores shared with the browser tests, a test that
    // migrates a fresh database (db-client, background-jobs) took past 30 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
