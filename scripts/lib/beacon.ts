/**
 * Builds the analytics beacon (app/beacon/beacon.ts): TypeScript to minified plain JavaScript,
 * named by its content (`assets/beacon-<hash>.js`, cached for a year like the other assets).
 * `beaconPlugin()` (vite.config.ts) emits it in the client build, serves it in the dev server and
 * gives the app its address as the module "virtual:beacon"; the size test builds it the same way.
 */
import crypto from "node:crypto";
import path from "node:path";
import type { Plugin } from "vite";
import { compileBrowserScript } from "./browser-script.ts";

export const BEACON_SOURCE = path.resolve(import.meta.dirname, "..", "..", "app", "beacon", "beacon.ts");

export type BuiltBeacon = { code: string; fileName: string; src: string };

export async function buildBeacon(): Promise<BuiltBeacon> {
  const code = await compileBrowserScript(BEACON_SOURCE);
  const hash = crypto.createHash("sha256").update(code).digest("base64url").replace(/[-_]/g, "").slice(0, 10);
  const fileName = `assets/beacon-${hash}.js`;
  return { code, fileName, src: `/${fileName}` };
}

const VIRTUAL_ID = "virtual:beacon";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function beaconPlugin(): Plugin {
  let built: Promise<BuiltBeacon> | undefined;
  const beacon = () => (built ??= buildBeacon());
  return {
    name: "studio-beacon",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(BEACON_SOURCE);
      return `export default ${JSON.stringify((await beacon()).src)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      const { fileName, code } = await beacon();
      this.emitFile({ type: "asset", fileName, source: code });
    },
    configureServer(server) {
      server.watcher.on("change", (file) => {
        if (path.resolve(file) === BEACON_SOURCE) built = undefined;
      });
      server.middlewares.use((req, res, next) => {
        beacon().then(({ src, code }) => {
          if (req.url?.split("?")[0] !== src) return next();
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.end(code);
        }, next);
      });
    },
  };
}
