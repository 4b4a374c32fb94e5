import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { log } from "~/server/log.server";

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  log.warn("404: no route for path", { path: pathname.slice(0, 300) });
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundScreen />;
}
