import islandsBuild from "virtual:islands";
import islandWords from "virtual:island-words";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { islandSheetInThread } from "~/server/cache/page-css-thread.server";
import { stylesheetText } from "~/server/http/inline-stylesheet.server";
import type { Route } from "./+types/island-sheet";

/** The address names the stylesheet it was cut from and the islands build whose words cut it: anyone may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const FILE = /^([a-z][\w-]{0,60})\.css$/;
/** `?v=<stylesheet file>.<islands script file>`, each without its extension (`root-B4GF.islands-Cv9Z`). */
const VERSION = /^([\w-]{1,80})\.([\w-]{1,80})$/;

/** Per stylesheet and island: its sheet, worked out once. */
const sheets = new Map<string, Promise<string>>();

function notFound(): never {
  throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}

/**
 * /island-sheets/<island>.css?v=…: the rules an island that starts at a touch brings with its code
 * (app/server/cache/island-sheet.server.ts, decision 0078), cut from the stylesheet `v` names. The
 * islands script asks for it when it starts such an island on a page whose stylesheet is cut.
 * Asked by the current islands script it is cacheable for good; by an earlier one (a page loaded
 * before a deploy), it is the current build's cut, revalidated like a page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = FILE.exec(params.file ?? "")?.[1];
  const version = VERSION.exec(new URL(request.url).searchParams.get("v") ?? "");
  if (!name || !version || !Object.hasOwn(islandWords.chunks, name)) notFound();
  const href = `/assets/${version[1]}.css`;
  const css = stylesheetText(href);
  if (css === null) notFound();
  const key = `${href}\n${name}`;
  let sheet = sheets.get(key);
  if (!sheet) {
    sheet = islandSheetInThread(css, name, islandWords).then((made) => made.css);
    sheets.set(key, sheet);
    sheet.catch(() => sheets.delete(key));
  }
  const current = islandsBuild.src === `/assets/${version[2]}.js`;
  return new Response(await sheet, {
    headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": current ? IMMUTABLE : PUBLIC_CACHE_CONTROL, "X-Content-Type-Options": "nosniff" },
  });
}
