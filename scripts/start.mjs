// @ts-check
// `npm start`: builds the app when the build is missing or older than the sources, then runs
// the production server (embedded database and demo content unless DATABASE_URL is set).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "build", "server", "index.js");

/**
 * The newest modification time of any file under `dir`, in milliseconds.
 * @param {string} dir
 * @returns {number}
 */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const sources = ["app", "public"].map((d) => path.join(root, d));
const configFiles = ["package.json", "vite.config.ts", "react-router.config.ts"].map((f) => path.join(root, f));
const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.map((f) => fs.statSync(f).mtimeMs));
const stale = !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < sourceTime;

if (stale) {
  console.log("Building the site (first start or changed sources)…");
  const result = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [path.join(root, "server", "main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// Ctrl-C reaches the server through the terminal's process group; forward a TERM sent to us alone.
for (const signal of /** @type {const} */ (["SIGTERM", "SIGHUP"])) process.on(signal, () => child.kill(signal));
process.on("SIGINT", () => {});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
