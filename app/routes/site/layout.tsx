import { Outlet, type LinksFunction } from "react-router";
import interBasic from "~/assets/fonts/inter-basic-wght.woff2?url";
import type { Route } from "./+types/layout";
import { publicPageCache } from "~/server/cache/page-cache.server";
import { publicPageHeaders } from "~/server/cache/public-headers.server";
import { useSite } from "~/root";
import { Header } from "~/components/layout/header";
import { Footer } from "~/components/layout/footer";
import { AuditRequestHost } from "~/components/landing/audit-request";
import { NewTabNote } from "~/components/ui/new-tab";
import { Island } from "~/islands/island";

/** The self-hosted font cut to the characters pages use (app/app.css), fetched early so text never re-flows (CLS). */
export const links: LinksFunction = () => [{ rel: "preload", href: interBasic, as: "font", type: "font/woff2", crossOrigin: "anonymous" }];

/** Every public page: whole-page cache for anonymous visitors, cleared by any admin write. */
export const middleware: Route.MiddlewareFunction[] = [publicPageCache];

/** Shared Cache-Control for public pages (blog routes add their Server-Timing on top). */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return publicPageHeaders(errorHeaders ?? loaderHeaders);
}

/** Public pages: header, page, footer, and the one audit request dialog (the header and the dialog's host are islands, docs/decisions/0027). */
export default function SiteLayout() {
  const site = useSite();
  return (
    <>
      <Island
        name="header"
        component={Header}
        props={{ brand: site.brandName, communityUrl: site.communityUrl, schedulingUrl: site.schedulingUrl }}
        on="interaction"
      />
      <Outlet />
      <Footer brand={site.brandName} communityUrl={site.communityUrl} linkedinUrl={site.linkedinUrl} year={new Date().getFullYear()} />
      <Island name="audit-host" component={AuditRequestHost} props={{}} on="interaction" />
      <NewTabNote />
    </>
  );
}
