import { useSyncExternalStore } from "react";
import { trackEvent } from "./analytics";
import { wakeIslands } from "~/islands/wake";
import type { ComparisonFigures } from "~/lib/comparison";

/**
 * A tiny client store shared by every "Book … Audit" button, the one audit request dialog
 * (mounted in the site layout) and the comparison slider, whose edited figures and the case study
 * it showed for them (its slug) join the lead.
 */
export type AuditRequestState = {
  open: boolean;
  source: string | null;
  /** Edited comparison figures, plus ready-to-show lines ("Error rate: 8% → 0.8%"). */
  figures: { before: ComparisonFigures; after: ComparisonFigures; lines: string[] } | null;
  /** The slug of the case study the comparison links for the figures (the server checks it is published). */
  caseStudy: string | null;
};

let state: AuditRequestState = { open: false, source: null, figures: null, caseStudy: null };
const listeners = new Set<() => void>();

function emit(next: AuditRequestState) {
  state = next;
  for (const listener of listeners) listener();
  // On a public page the dialog's host is an island that starts when first needed.
  if (state.open) wakeIslands("audit-host");
}

export function openAuditRequest(source: string) {
  if (!state.open) trackEvent("audit_open");
  emit({ ...state, open: true, source });
}

export function closeAuditRequest() {
  emit({ ...state, open: false });
}

/** Called by the comparison slider when the visitor edits a Before figure. */
export function setComparisonFigures(figures: AuditRequestState["figures"]) {
  emit({ ...state, figures });
}

/** Called by the comparison slider with the case study it shows (on start and whenever the figures change it). */
export function setShownCaseStudy(slug: string | null) {
  if (slug !== state.caseStudy) emit({ ...state, caseStudy: slug });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const serverState: AuditRequestState = { open: false, source: null, figures: null, caseStudy: null };

export function useAuditRequest() {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
