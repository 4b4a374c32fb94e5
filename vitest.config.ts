import path from "node:path";
import { defineConfig } from "vitest/config";
import { beaconPlugin } from "./scripts/lib/beacon.ts";
import { islandsManifestStub } from "./scripts/lib/islands.ts";

// Unit and integration tests; the browser journeys live in tests/e2e (Playwright).
export default defineConfig({
  // app/root.tsx imports the beacon's address ("virtual:beacon") and the islands' files ("virtual:islands").
  plugins: [beaconPlugin(), islandsManifestStub()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { LOG_LEVEL: "silent" },
  },
});
