import path from "node:path";
import { defineConfig } from "vitest/config";

// The cluster test (tests/cluster): two built app processes on PostgreSQL behind nginx, run by
// `npm test` when PostgreSQL and nginx are there (scripts/test-all.mjs). Needs a build (BUILD_DIR).
export default defineConfig({
  // The test builds the landing form from the app's own content (scripts/lib/cluster-landing.ts).
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/cluster/**/*.test.ts"],
    environment: "node",
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
  },
});
