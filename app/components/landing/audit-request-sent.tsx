import { useEffect, useRef } from "react";
import { CheckCircle2, ExternalLink } from "lucide-react";
import { newTabLink } from "~/components/ui/new-tab";
import { auditDialog } from "~/content/site";
import { buttonClass } from "~/components/ui/button";

/**
 * The audit dialog's step after a sent request (the toast says it was received): what happens
 * next, addressed to the e-mail given, and 'Done' to close. Its heading takes the focus, so a
 * screen reader reads on from there and the keyboard is not left on the removed form.
 */
export function AuditRequestSent({ email, bookingHref, onDone }: { email: string; bookingHref?: string | undefined; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const copy = auditDialog.next;
  return (
    <section aria-labelledby="audit-sent-title" className="mx-auto max-w-2xl">
      <div className="flex items-start gap-3">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-emerald-400" />
        <div>
          <h3 id="audit-sent-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
            {copy.title}
          </h3>
          <p className="mt-1 text-muted">{copy.intro}</p>
        </div>
      </div>
      <ol className="mt-6 grid gap-4 border-l border-border pl-5 sm:ml-3.5">
        {copy.steps.map((step, i) => (
          <li key={step.title} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-0 -left-8 flex size-6 items-center justify-center rounded-full border border-border bg-surface-2 text-xs font-semibold"
            >
              {i + 1}
            </span>
            <p className="font-medium">{step.title}</p>
            <p className="mt-0.5 text-sm break-words text-muted">{step.text(email)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* The booking carries the lead's opaque reference, so the scheduler's webhook finds this lead (docs/decisions/0052). */}
        {bookingHref ? (
          <a href={bookingHref} {...newTabLink} className={buttonClass({ variant: "outline", size: "lg", className: "w-full sm:w-auto" })}>
            {copy.book}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
        <button type="button" onClick={onDone} className={buttonClass({ size: "lg", className: "w-full sm:w-auto" })}>
          {copy.done}
        </button>
      </div>
    </section>
  );
}
