import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { keptNotFoundPage } from "~/server/cache/page-cache.server";
import { log } from "~/server/core/log.server";
import { redirectOrCountMiss } from "~/server/site/redirects.server";

/**
 * An address with a redirect answers 301 (thrown); any other is counted in the not-found log, then
 * answered 404 with the one kept not-found page (the same for every address: no render per made-up path).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    await redirectOrCountMiss(args.request);
    log.warn("404: no route for path", { path: new URL(args.request.url).pathname.slice(0, 300) });
    return keptNotFoundPage("page", args, next);
  },
];

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
