import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server-process";

/** True when BENCH_SKIP_BUILD is set and `buildDir` already holds a server build to reuse. */
export function canSkipBuild(buildDir: string) {
  const skip = process.env.BENCH_SKIP_BUILD;
  return Boolean(skip && skip !== "0") && fs.existsSync(path.join(buildDir, "server/index.js"));
}

/** The production build (scripts/build.mjs) into `buildDir`; its output is hidden, its errors shown. */
export function buildInto(buildDir: string) {
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build.mjs")], {
    cwd: ROOT,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 300_000,
  });
}
