import { data, redirect } from "react-router";
import { CircleCheck } from "lucide-react";
import type { Route } from "./+types/audit";
import { isSameOrigin } from "~/server/http/security.server";
import { clientAddress, receiveLead } from "~/server/leads/lead-intake.server";
import { attributionFor } from "~/server/analytics/attribution.server";
import { publicPageHeaders } from "~/server/cache/public-headers.server";
import { seo } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { siteFromMatches } from "~/lib/site-meta";
import type { LeadFieldErrors } from "~/lib/lead";
import { auditDialog, auditPage, pageMeta } from "~/content/site";
import { useSite } from "~/root";
import { buttonClass } from "~/components/ui/button";
import { AuditRequestFields, LEAD_FIELD_ORDER, type LeadFieldName } from "~/components/landing/audit-request-fields";

/**
 * /audit: the audit request form as a page. The landing's and the posts' audit buttons lead here
 * when JavaScript is off (with it they open the dialog). The form posts to this route's action,
 * which stores the lead like the dialog's endpoint, then shows the confirmation (/audit?sent=1).
 */
const SOURCE = /^[a-z0-9-]{1,40}$/;
const PAGE_SOURCE = "audit-page";
/** Longer values are refused by the schema anyway; they are not sent back into the form. */
const MAX_KEPT = 5000;

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const source = params.get("source") ?? "";
  return { sent: params.has("sent"), source: SOURCE.test(source) ? source : PAGE_SOURCE };
}

type Refusal = { message: string; errors: LeadFieldErrors; values: Partial<Record<LeadFieldName, string>> };

function refuse(status: number, message: string, errors: LeadFieldErrors = {}, values: Refusal["values"] = {}, headers: Record<string, string> = {}) {
  return data<Refusal>({ message, errors, values }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export async function action({ request }: Route.ActionArgs) {
  if (!isSameOrigin(request)) return refuse(403, auditDialog.forbidden);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, "Please send the form fields.");
  }
  const result = await receiveLead(form, clientAddress(request), await attributionFor(request));
  if (result.outcome === "stored") return redirect("/audit?sent=1", { headers: { "Cache-Control": "no-store" } });
  const values: Refusal["values"] = {};
  for (const name of LEAD_FIELD_ORDER) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, MAX_KEPT);
  }
  switch (result.outcome) {
    case "invalid":
      return refuse(400, result.message, result.errors, values);
    case "rate-limited":
      return refuse(429, result.message, {}, values, { "Retry-After": String(result.retryAfterSeconds) });
    case "failed":
      return refuse(500, result.message, {}, values);
  }
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  // An answer to a submission is never shared; the page itself is cached like every public page.
  return actionHeaders.has("Cache-Control") ? actionHeaders : publicPageHeaders(loaderHeaders);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const sent = loaderData?.sent ?? false;
  if (!site) return [{ title: auditDialog.title }];
  const title = sent ? pageMeta.audit.sentTitle(site.brandName) : pageMeta.audit.title(site.brandName);
  // The confirmation shares the form's image: both are the page at /audit.
  return seo({ site, title, description: pageMeta.audit.description, path: "/audit", noindex: sent, image: pageOgImage("audit", site.brandName) });
}

export default function AuditPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.sent) return <Received />;
  return <AuditForm source={loaderData.source} refusal={actionData} />;
}

function AuditForm({ source, refusal }: { source: string; refusal: Refusal | undefined }) {
  const site = useSite();
  const fieldErrors = refusal ? LEAD_FIELD_ORDER.filter((name) => refusal.errors[name]) : [];
  const firstToFix = fieldErrors[0];

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-5 pt-28 pb-24 sm:px-8 sm:pt-36">
      <div className="text-center">
        <p className="inline-flex items-center rounded-full border border-primary/40 bg-primary/10 px-4 py-1.5 text-sm font-semibold text-primary-soft">
          {auditPage.pill}
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl">{auditDialog.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-muted sm:text-lg">{auditDialog.description}</p>
      </div>

      {refusal ? (
        // The page is not hydrated: app/boot/behaviours.ts focuses the first field to fix (data-focus-on-load), else this summary.
        <div
          tabIndex={-1}
          role="alert"
          data-focus-on-load={firstToFix ? `#audit-${firstToFix}` : ""}
          className="mt-10 rounded-2xl border border-red-500 bg-red-950/60 p-5 text-sm"
        >
          <p className="font-semibold text-white">{auditDialog.failure.title}</p>
          {fieldErrors.length > 0 ? (
            <>
              <p className="mt-1 text-red-100">{auditPage.errorSummary}</p>
              <ul className="mt-2 grid list-disc gap-1 pl-5">
                {fieldErrors.map((name) => (
                  <li key={name}>
                    <a href={`#audit-${name}`} className="text-red-100 underline underline-offset-4">
                      {refusal.errors[name]}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="mt-1 text-red-100">{refusal.message}</p>
          )}
        </div>
      ) : null}

      <form
        method="post"
        // Named, not the current address: the page is kept once for every address that differs only in parameters it does not read.
        action={source === PAGE_SOURCE ? "/audit" : `/audit?${new URLSearchParams({ source }).toString()}`}
        noValidate
        aria-label={auditDialog.title}
        className="relative mt-10 grid gap-5 rounded-3xl border border-border bg-surface/60 p-6 sm:p-8"
      >
        <input type="hidden" name="source" value={source} />
        <AuditRequestFields idPrefix="audit" errors={refusal?.errors ?? {}} values={refusal?.values} />
        <div className="flex justify-end">
          <button type="submit" className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}>
            {auditDialog.submit}
          </button>
        </div>
      </form>

      <p className="mt-8 text-center text-sm text-muted">
        {auditPage.call.text}{" "}
        <a href={site.schedulingUrl} className="text-accent underline underline-offset-4">
          {auditPage.call.link}
        </a>
      </p>
    </main>
  );
}

function Received() {
  return (
    <main id="main" className="mx-auto flex min-h-[70dvh] w-full max-w-2xl flex-col items-center justify-center px-6 pt-32 pb-24 text-center">
      <CircleCheck aria-hidden="true" className="size-12 text-accent" />
      <h1 className="mt-6 text-3xl font-bold sm:text-4xl">{auditPage.sent.title}</h1>
      <p className="mt-4 text-lg text-muted">{auditPage.sent.text}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <a href="/" className={buttonClass({ size: "lg" })}>
          {auditPage.sent.home}
        </a>
        <a href="/blog" className={buttonClass({ size: "lg", variant: "outline" })}>
          {auditPage.sent.blog}
        </a>
      </div>
    </main>
  );
}
