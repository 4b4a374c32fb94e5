import { buttonClass } from "~/components/ui/button";
import { AuditRequestButton } from "./audit-request";

/**
 * The closing call to action of a post or a case study: a heading, a line and the audit button,
 * whose `source` is stored with the lead it brings.
 */
export function AuditCallout({ title, text, button, source }: { title: string; text: string; button: string; source: string }) {
  return (
    <aside
      aria-labelledby="cta-heading"
      className="mt-16 rounded-3xl border border-primary/40 bg-gradient-to-br from-primary/25 via-surface to-surface p-8 text-center sm:p-12"
    >
      <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-muted">{text}</p>
      <div className="mt-8 flex justify-center">
        <AuditRequestButton source={source} className={buttonClass({ size: "lg" })}>
          {button}
        </AuditRequestButton>
      </div>
    </aside>
  );
}
