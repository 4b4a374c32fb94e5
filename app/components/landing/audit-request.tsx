import { lazy, Suspense, useState, type ReactNode } from "react";
import { openAuditRequest, useAuditRequest } from "~/lib/audit-request-store";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";

const loadDialog = () => import("./audit-request-dialog");
const LazyAuditRequestDialog = lazy(loadDialog);

/** The audit form as a page (routes/site/audit.tsx), for a given button's place. */
export function auditPageHref(source: string) {
  return `/audit?source=${encodeURIComponent(source)}`;
}

/**
 * Opens the audit request dialog (name, work e-mail, company, message; stored as a lead), which
 * the site layout mounts once. Without JavaScript the button is hidden and a link to the same
 * form as a page (/audit) takes its place.
 * `source` names the place of the button (hero, contact, blog-post) and is stored with the lead.
 */
export function AuditRequestButton({ source, className, children }: { source: string; className?: string; children: ReactNode }) {
  const look = className ?? buttonClass({ size: "lg" });
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={cn(look, "noscript:hidden")}
        data-cta={`audit-${source}`}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => openAuditRequest(source)}
      >
        {children}
      </button>
      <noscript>
        <a href={auditPageHref(source)} className={look}>
          {children}
        </a>
      </noscript>
    </>
  );
}

/** Mounted once by the site layout: the dialog's code (form, validation) loads on first use. */
export function AuditRequestHost() {
  const { open } = useAuditRequest();
  // Once opened, the dialog stays mounted so it can animate closed and keep what was typed.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <LazyAuditRequestDialog />
    </Suspense>
  );
}
