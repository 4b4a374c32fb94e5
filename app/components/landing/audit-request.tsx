import { lazy, Suspense, useState } from "react";
import { openAuditRequest, useAuditRequest } from "~/lib/browser/audit-request-store";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { Island } from "~/islands/island";

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
 * On the public pages each button is an island, live once the browser is idle (a click before
 * that is held and replayed, app/boot/inline/early-clicks.ts).
 */
export function AuditRequestButton({ source, className, children }: { source: string; className?: string; children: string }) {
  return <Island name="audit-button" component={AuditButton} props={{ source, className, label: children }} on="interaction" />;
}

/** The button itself, and its no-JavaScript link: the island's component. */
export function AuditButton({ source, className, label }: { source: string; className?: string; label: string }) {
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
        {label}
      </button>
      <noscript>
        <a href={auditPageHref(source)} className={look}>
          {label}
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
