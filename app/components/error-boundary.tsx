import { useEffect, type ReactNode } from "react";
import { useRouteError } from "react-router";
import { routeErrorInfo, type RouteErrorInfo } from "~/lib/error-payload";

/** Renders one kind of route error. */
export type StatusHandler = (info: RouteErrorInfo) => ReactNode;

/**
 * The one error boundary: reads the route error once as `{ status, payload }` (see
 * `app/lib/error-payload.ts`) and renders it with the handler for its status, else
 * `defaultStatusHandler`. Errors that are not responses (bugs, raw exceptions) go to
 * `unexpectedErrorHandler` (default: `defaultStatusHandler` with status 500); their payload is a
 * generic message, so a raw exception text never reaches visitors.
 */
export function GeneralErrorBoundary({
  statusHandlers = {},
  defaultStatusHandler,
  unexpectedErrorHandler = defaultStatusHandler,
}: {
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  defaultStatusHandler: StatusHandler;
  unexpectedErrorHandler?: StatusHandler;
}) {
  const error = useRouteError();
  const info = routeErrorInfo(error);
  useEffect(() => {
    // The real error stays available to whoever debugs the page (the console), not in the page.
    if (routeErrorInfo(error).unexpected) console.error(error);
  }, [error]);
  if (info.unexpected) return unexpectedErrorHandler(info);
  return (statusHandlers[info.status] ?? defaultStatusHandler)(info);
}
