import type { ReactNode } from "react";
import { openAuditRequest } from "~/lib/audit-request-store";
import { buttonClass } from "~/components/ui/button";

/**
 * Opens the audit request dialog (PRODUCT.md), which the site layout mounts once.
 * `source` names the place of the button (hero, contact, blog-post) and is stored with the lead.
 */
export function AuditRequestButton({ source, className, children }: { source: string; className?: string; children: ReactNode }) {
  return (
    <button type="button" aria-haspopup="dialog" className={className ?? buttonClass({ size: "lg" })} onClick={() => openAuditRequest(source)}>
      {children}
    </button>
  );
}
