// `npm run build`: the React Router production build, then Brotli and gzip copies of the hashed
// assets at maximum compression (the server sends them as they are, so no request pays for it).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

const result = spawnSync(process.execPath, [path.join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
  cwd: root,
  stdio: ["ignore", "inherit", "inherit"],
});
if (result.status !== 0) process.exit(result.status ?? 1);

const assets = path.join(buildDir, "client", "assets");
let saved = 0;
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
  saved += bytes.length - br.length;
}
console.log(`Precompressed assets (Brotli 11, gzip 9): ${(saved / 1024).toFixed(0)} KB smaller than raw.`);
