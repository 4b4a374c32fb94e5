import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData, type LinksFunction } from "react-router";
import beaconSrc from "virtual:beacon";
import islandsBuild from "virtual:islands";
import { EARLY_CLICKS_APP_SCRIPT, EARLY_CLICKS_ISLANDS_SCRIPT, START_ISLANDS_SCRIPT } from "virtual:inline-scripts";
import faviconSvg from "../public/favicon.svg?raw";
import type { Route } from "./+types/root";
import { config, type SiteConfig } from "~/server/core/env.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotFoundScreen } from "~/components/layout/not-found-screen";
import { Toaster } from "~/components/ui/toast";
import { Island, IslandPreload, StartingIslands } from "~/islands/island";
import { isIslandsPage, SPECULATION_RULES } from "~/islands/mode";
import { releaseEarlyClicks } from "~/lib/browser/early-clicks-replay";
import "./app.css";

export function loader(_: Route.LoaderArgs) {
  const { site, analytics } = config();
  // The analytics beacon (app/beacon/beacon.ts) and the scheduling frame's origin, whose booking message it counts.
  return { site, beacon: analytics ? { src: beaconSrc, frame: new URL(site.schedulingUrl).origin } : null };
}

/**
 * The icon in the page itself (docs/decisions/0028): a 382-byte SVG fetched on its own was one more
 * request before the first paint (Lighthouse counted it in LCP: 1.21 → 1.06 s on /privacy without
 * it). /favicon.svg stays for the crawlers and links that ask for it.
 */
const ICON_HREF = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;

export const links: LinksFunction = () => [
  { rel: "icon", href: ICON_HREF, type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Insights RSS feed", href: "/rss.xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const beacon = useRouteLoaderData<typeof loader>("root")?.beacon;
  const { pathname } = useLocation();
  // Public pages hydrate only their islands (docs/decisions/0027): no React, React DOM or React
  // Router in the browser, one small islands script instead of <Scripts />, started after load.
  const islands = isIslandsPage(pathname);
  // The islands that start at once, as the page renders them: their chunks are preloaded with the entry.
  const startAtOnce = new StartingIslands();
  return (
    <html lang="en" data-islands={islands ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        {/* app/boot/inline/early-clicks.ts, built for this kind of page and allowed by its hash in the CSP (app/server/http/content-security-policy.server.ts); before the stylesheet, so it never waits for it. */}
        <script dangerouslySetInnerHTML={{ __html: islands ? EARLY_CLICKS_ISLANDS_SCRIPT : EARLY_CLICKS_APP_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#07070c" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {islands ? <IslandPreload value={startAtOnce.add}>{children}</IslandPreload> : children}
        {islands ? (
          <>
            <StartIslands startAtOnce={startAtOnce} beacon={beacon ?? null} />
            {/* Allowed by its hash in the CSP, like the early-click script. */}
            <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
          </>
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/**
 * The script that starts the islands (and the analytics beacon, when analytics are on) after load
 * (app/boot/inline/start-islands.ts, allowed by its hash in the CSP). Rendered after the page's content, so `startAtOnce` holds every island it rendered.
 */
function StartIslands({ startAtOnce, beacon }: { startAtOnce: StartingIslands; beacon: { src: string; frame: string } | null }) {
  const preload = new Set([...islandsBuild.preload, ...[...startAtOnce.names].flatMap((name) => islandsBuild.chunks[name] ?? [])]);
  return (
    <script
      data-src={islandsBuild.src}
      data-preload={[...preload].join(" ")}
      data-beacon={beacon?.src}
      data-frame={beacon?.frame}
      dangerouslySetInnerHTML={{ __html: START_ISLANDS_SCRIPT }}
    />
  );
}

export default function App() {
  // Clicks made before hydration were held (app/boot/inline/early-clicks.ts); replay them now.
  useEffect(() => releaseEarlyClicks(), []);
  const islands = isIslandsPage(useLocation().pathname);
  return (
    <>
      <Outlet />
      {islands ? <Island name="toaster" component={Toaster} props={{}} on="interaction" /> : <Toaster />}
    </>
  );
}

/** The site configuration from the root loader, for any component under the root. */
export function useSite(): SiteConfig {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useSite() needs the root loader's data");
  return data.site;
}

/** The global error boundary: the not-found screen for 404s, the default error screen for the rest. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{ 404: () => <NotFoundScreen /> }}
      defaultStatusHandler={({ status, statusText, payload }) => <DefaultErrorScreen status={status} detail={statusText || payload.message} />}
      unexpectedErrorHandler={({ status, payload, error }) => (
        <DefaultErrorScreen status={status} detail={payload.message} stack={import.meta.env.DEV && error instanceof Error ? error.stack : undefined} />
      )}
    />
  );
}

/** 'Unexpected Application Error!' with the status and a text; the stack only in development. */
function DefaultErrorScreen({ status, detail, stack }: { status: number; detail: string; stack?: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center gap-4 px-6 py-16">
      <title>Unexpected Application Error!</title>
      <h1 className="text-3xl font-bold">Unexpected Application Error!</h1>
      <p className="text-xl text-muted">
        <span>{status}</span>
        {detail ? <span> {detail}</span> : null}
      </p>
      {stack ? <pre className="overflow-auto rounded-lg bg-surface p-4 text-sm">{stack}</pre> : null}
      <p>
        <a className="text-primary underline" href="/">
          Return to Home
        </a>
      </p>
    </main>
  );
}
