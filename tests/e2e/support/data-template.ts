import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../../../scripts/lib/server-process";

/** Set by global setup: a DATA_DIR the built server has started on once (migrated, demo content seeded) and stopped cleanly. */
export const TEMPLATE_DIR_ENV = "E2E_TEMPLATE_DIR";

/**
 * Makes the template: the built server's first start on `dir` (migrations, demo content with its
 * generated covers), then a clean stop. Its auth secret is removed, so every copy makes its own.
 */
export async function makeDataTemplate(buildDir: string, dir: string, logFile: string) {
  const server = await startServer({ buildDir, dataDir: dir, logFile, env: { LOG_LEVEL: "warn" } });
  await server.stop();
  fs.rmSync(path.join(dir, "auth-secret"), { force: true });
}

/**
 * A DATA_DIR for a server of a spec's own, as a first start leaves it: a copy of the template
 * (several seconds of migrations and demo covers saved per server), or nothing when there is none.
 * For specs whose subject is not the first start itself.
 */
export function seededDataDir(dataDir: string) {
  const template = process.env[TEMPLATE_DIR_ENV];
  if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/** A temporary directory of its own (named from `prefix`) holding a seeded DATA_DIR; `remove()` deletes both. */
export function seededWorkDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, dataDir: seededDataDir(path.join(dir, "data")), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `run` on a seeded DATA_DIR in a temporary directory that is removed after it, however it ends. */
export async function withSeededDataDir(prefix: string, run: (dataDir: string) => Promise<void>) {
  const work = seededWorkDir(prefix);
  try {
    await run(work.dataDir);
  } finally {
    work.remove();
  }
}
