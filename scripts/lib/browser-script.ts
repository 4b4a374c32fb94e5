/**
 * A plain browser script from TypeScript: types stripped (Oxc), then minified and mangled. For
 * sources written as one IIFE with no import or export (app/beacon/beacon.ts, app/boot/inline/*.ts),
 * so the output is a classic script that leaves no name behind on the page.
 */
import fs from "node:fs";
import path from "node:path";
import { minify, transformWithOxc } from "vite";

/** `define` replaces globals by expressions before minifying (e.g. `{ __ISLANDS_PAGE__: "true" }`), so a branch a build never takes is dropped. */
export async function compileBrowserScript(file: string, define?: Record<string, string>): Promise<string> {
  const source = fs.readFileSync(file, "utf8");
  const plain = await transformWithOxc(source, path.basename(file), { lang: "ts", target: "es2020", define });
  const { code } = await minify(path.basename(file).replace(/\.ts$/, ".js"), plain.code, { compress: true, mangle: true });
  return code.trim();
}
