import { useRef, useState } from "react";
import { useNavigation } from "react-router";
import { useToastFrom } from "./use-toast-from";
import { useFormErrors } from "./form-errors";
import { useAutosave } from "./use-autosave";
import { storageKey, type KeptForm } from "~/lib/autosave";
import type { FormResult, FormValues } from "~/lib/form-result";

/**
 * The state of a simple record form (team member, testimonial), from the route's typed
 * `actionData`: shows the failure toast, says whether it is saving, gives each field what the
 * user typed after a failure, else the record's value, and its error until it is corrected (the
 * form's `ErrorSummary` lists them; see `useFormErrors`). What is typed is kept in this browser
 * until saved (`useAutosave`, without the server): a copy the form did not save, an expired
 * session's included, is offered back when the form opens again.
 */
export function useRecordForm(actionData: FormResult | undefined, kept: { form: KeptForm; id: string | null }) {
  const failure = actionData?.ok === false ? actionData : undefined;
  useToastFrom(actionData?.toast);
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // Restoring unsaved changes re-mounts the form filled with them.
  const [restored, setRestored] = useState<{ key: number; values: FormValues } | null>(null);
  const autosave = useAutosave({ formRef, formKey: restored?.key ?? 0, copyKey: storageKey(kept.form, kept.id), server: null, guardLeaving: false });
  const values = restored?.values ?? failure?.values;
  const { errors, summary } = useFormErrors(failure, formRef);
  const text = (key: string, fallback: string | number | null | undefined) => {
    if (!values) return String(fallback ?? "");
    const value = values[key];
    return typeof value === "string" ? value : "";
  };
  return {
    saving: navigation.state === "submitting",
    errors,
    /** The form element (for `<Form ref>`) and what its `ErrorSummary` shows. */
    formRef,
    summary,
    /** The submitted value of `key` after a failure (or restored), else `fallback` (the stored value). */
    text,
    /** A switch's submitted (or restored) state after a failure, else `fallback`. */
    checked: (key: string, fallback: boolean) => (values ? values[key] === "on" : fallback),
    /** The form's React key: a restored copy re-mounts it. */
    formKey: restored?.key ?? 0,
    /** The kept copy offered back ('Restore unsaved changes' / 'Discard'), for `RestoreNotice`. */
    kept: {
      form: kept.form,
      offer: autosave.offer,
      restore: () => {
        const typed = autosave.restore();
        if (typed) setRestored((r) => ({ key: (r?.key ?? 0) + 1, values: typed }));
      },
      discard: autosave.discard,
    },
  };
}
