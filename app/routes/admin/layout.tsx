import { data, Outlet, useNavigation, useRouteLoaderData, type MiddlewareFunction } from "react-router";
import type { Route } from "./+types/layout";
import { ADMIN_CACHE_CONTROL, requireAdmin } from "~/server/accounts/authz.server";
import { withAuditContext } from "~/server/admin/audit.server";
import { readFlash } from "~/server/admin/flash.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { shellCounts } from "~/server/admin/admin-shell-queries.server";
import { AdminBareFrame, AdminShell } from "~/components/layout/admin-shell";
import { useSite } from "~/root";
import { SignOutButton } from "~/components/admin/sign-out-button";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LinkButton } from "~/components/admin/admin-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RouteErrorInfo } from "~/lib/error-payload";

/** Back-office pages are personal: never cached, never indexed. */
const noStore: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  response.headers.set("Cache-Control", ADMIN_CACHE_CONTROL);
  response.headers.set("X-Robots-Tag", "noindex");
  return response;
};
/** Every back-office request writes its audit-log entries with its admin, address and a request id (audit.server.ts). */
const auditContext: MiddlewareFunction<Response> = async ({ request }, next) => withAuditContext(request, next);
export const middleware = [noStore, auditContext];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const { flash, headers } = await readFlash(request);
  // The navigation's counts are a help, not the page: without them the page still opens.
  const counts = await shellCounts(await db()).catch((error: unknown) => {
    log.error("reading the navigation counts failed", { error: errorText(error) });
    return null;
  });
  return data({ email: user.email, flash, counts }, { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useToastFrom(loaderData.flash);
  const navigation = useNavigation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const site = useSite();
  return (
    <AdminShell brand={site.brandName} email={loaderData.email} counts={loaderData.counts}>
      {target?.startsWith("/admin") ? (
        <p role="status" className="fixed top-16 left-1/2 z-50 -translate-x-1/2 rounded-full border border-border bg-surface-2 px-4 py-1.5 text-sm shadow-lg">
          {target === "/admin/testimonials" ? "Loading testimonials..." : "Loading..."}
        </p>
      ) : null}
      <Outlet />
    </AdminShell>
  );
}

/**
 * The frame of the error screens: the navigation when the admin's own data loaded (a post that is
 * not found), none otherwise (the "waiting for access" screen, whose account is no admin).
 */
function AdminFrame({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const shell = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (shell) {
    return (
      <AdminShell brand={site.brandName} email={shell.email} counts={shell.counts}>
        {children}
      </AdminShell>
    );
  }
  return <AdminBareFrame brand={site.brandName}>{children}</AdminBareFrame>;
}

/**
 * The back-office error screens: "Waiting for access" for a signed-in account without the admin
 * role (403) and nothing else; otherwise a not-found / not-allowed / error screen, with the
 * screen's destructive load-error toast when the payload names one.
 */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: (info) => (info.payload.reason === "waiting-for-access" ? <WaitingForAccess email={info.payload.email ?? ""} /> : <AdminErrorScreen {...info} />),
      }}
      defaultStatusHandler={(info) => <AdminErrorScreen {...info} />}
    />
  );
}

function WaitingForAccess({ email }: { email: string }) {
  return (
    <AdminFrame>
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20 outline-none sm:px-6">
        <title>Waiting for access</title>
        <meta name="robots" content="noindex" />
        <h1 tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Waiting for access
        </h1>
        <p className="text-muted">
          You are signed in as <strong className="text-foreground">{email}</strong>, but this account has no access to the back-office yet. An administrator has
          to grant it; come back once they have.
        </p>
        <SignOutButton />
      </main>
    </AdminFrame>
  );
}

function AdminErrorScreen({ status, statusText, payload }: RouteErrorInfo) {
  const message = payload.message || statusText;
  useToastFrom(payload.toastTitle ? { id: `load-error-${message}`, title: payload.toastTitle, description: message, variant: "destructive" } : null);
  return (
    <AdminFrame>
      <main id="main" tabIndex={-1} className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-20 outline-none sm:px-6">
        <title>{status === 404 ? "Not found" : "Error"}</title>
        <meta name="robots" content="noindex" />
        <h1 tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          {status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong"}
        </h1>
        <p className="text-muted">{message}</p>
        <LinkButton to="/admin/dashboard">Back to Dashboard</LinkButton>
      </main>
    </AdminFrame>
  );
}
