import { useState, type FormEvent } from "react";
import { auditDialog, dialogCopy } from "~/content/site";
import { closeAuditRequest, useAuditRequest } from "~/lib/browser/audit-request-store";
import { leadFieldErrors, leadSchema, type LeadFieldErrors, type LeadResponse } from "~/lib/lead";
import { Dialog } from "~/components/ui/dialog";
import { buttonClass } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { trackEvent } from "~/lib/browser/analytics";
import { AuditRequestFields, LEAD_FIELD_ORDER } from "./audit-request-fields";
import { AuditRequestSent } from "./audit-request-sent";

/** As wide as the form (42rem) with the dialog's side padding and border: not the scheduling dialog's 1,200 px. */
const FORM_WIDTH = "max-w-[calc(42rem+3.5rem+2px)]";

/**
 * The one audit request dialog: validated here and on the server; typed text stays on failure.
 * A sent request is answered with a toast and, in the dialog, what happens next (audit-request-sent.tsx);
 * opened again, the dialog offers an empty form.
 */
export default function AuditRequestDialog() {
  const { open, source, figures, caseStudy } = useAuditRequest();
  const [errors, setErrors] = useState<LeadFieldErrors>({});
  const [busy, setBusy] = useState(false);
  /** The address of the request just sent: the dialog shows what happens next until it closes. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The scheduling page for the lead just stored (its reference in the booking's metadata). */
  const [bookingHref, setBookingHref] = useState<string | undefined>(undefined);
  // Closed, the dialog forgets the step: opened again, it offers an empty form.
  if (!open && sentTo !== null) setSentTo(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const value = (key: string) => {
      const entry = data.get(key);
      return typeof entry === "string" ? entry : "";
    };
    const parsed = leadSchema.safeParse({ name: value("name"), email: value("email"), company: value("company"), message: value("message") });
    if (!parsed.success) {
      const found = leadFieldErrors(parsed.error);
      setErrors(found);
      const first = LEAD_FIELD_ORDER.find((name) => found[name]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    if (source) data.set("source", source);
    if (figures) {
      data.set("beforeTime", figures.before.time);
      data.set("beforeErrorRate", figures.before.errorRate);
      data.set("beforeCost", figures.before.cost);
    }
    if (caseStudy) data.set("caseStudy", caseStudy);
    setBusy(true);
    try {
      const response = await fetch("/api/leads", { method: "POST", body: data, headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => null)) as LeadResponse | null;
      if (response.ok && body?.ok) {
        trackEvent("audit_sent");
        form.reset();
        setSentTo(parsed.data.email);
        setBookingHref(body.bookingUrl);
        toast({ title: auditDialog.success.title, description: auditDialog.success.description });
        return;
      }
      if (body && !body.ok && body.errors) setErrors(body.errors);
      toast({
        title: auditDialog.failure.title,
        description: body && !body.ok ? body.message : response.status === 429 ? auditDialog.rateLimited : auditDialog.networkError,
        variant: "destructive",
      });
    } catch {
      toast({ title: auditDialog.failure.title, description: auditDialog.networkError, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={closeAuditRequest}
      title={auditDialog.title}
      description={sentTo ? undefined : auditDialog.description}
      closeLabel={dialogCopy.close}
      className={FORM_WIDTH}
    >
      {sentTo ? <AuditRequestSent email={sentTo} bookingHref={bookingHref} onDone={closeAuditRequest} /> : null}
      {/* Also a plain form post to the same endpoint, answered with a page, should the script not run (leads-api.ts). */}
      <form
        method="post"
        action="/api/leads"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        hidden={Boolean(sentTo)}
        className="mx-auto grid max-w-2xl gap-5"
        aria-busy={busy}
      >
        <AuditRequestFields idPrefix="audit-dialog" errors={errors} />
        {source ? <input type="hidden" name="source" value={source} /> : null}
        {caseStudy ? <input type="hidden" name="caseStudy" value={caseStudy} /> : null}
        {figures ? (
          <>
            <input type="hidden" name="beforeTime" value={figures.before.time} />
            <input type="hidden" name="beforeErrorRate" value={figures.before.errorRate} />
            <input type="hidden" name="beforeCost" value={figures.before.cost} />
          </>
        ) : null}
        {figures ? (
          <div className="rounded-xl border border-border bg-surface-2 p-4 text-sm text-muted">
            <p className="font-medium text-foreground">{auditDialog.figuresNote}</p>
            <ul className="mt-2 grid gap-1">
              {figures.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}>
            {busy ? auditDialog.submitting : auditDialog.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
