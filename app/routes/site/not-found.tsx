import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { log } from "~/server/log.server";
import { redirectOrCountMiss } from "~/server/redirects.server";

/** An address with a redirect answers 301 (thrown); any other is counted in the not-found log, then 404. */
export async function loader({ request }: Route.LoaderArgs) {
  await redirectOrCountMiss(request);
  const { pathname } = new URL(request.url);
  log.warn("404: no route for path", { path: pathname.slice(0, 300) });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
