import { useRef } from "react";
import { useNavigation } from "react-router";
import { useToastFrom } from "./use-toast-from";
import { useFormErrors } from "./form-errors";
import type { FormResult } from "~/lib/form-result";

/**
 * The state of a simple record form (team member, testimonial), from the route's typed
 * `actionData`: shows the failure toast, says whether it is saving, gives each field what the
 * user typed after a failure, else the record's value, and its error until it is corrected (the
 * form's `ErrorSummary` lists them; see `useFormErrors`).
 */
export function useRecordForm(actionData: FormResult | undefined) {
  const failure = actionData?.ok === false ? actionData : undefined;
  useToastFrom(actionData?.toast);
  const navigation = useNavigation();
  const values = failure?.values;
  const formRef = useRef<HTMLFormElement>(null);
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
    /** The submitted value of `key` after a failure, else `fallback` (the stored value). */
    text,
    /** A switch's submitted state after a failure, else `fallback`. */
    checked: (key: string, fallback: boolean) => (values ? values[key] === "on" : fallback),
  };
}
