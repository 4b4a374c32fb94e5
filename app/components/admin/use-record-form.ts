import { useNavigation } from "react-router";
import { useToastFrom, type ToastMessage } from "./use-toast-from";

/** What a failed save sends back: field messages, what was typed, and the §8 toast. */
export type RecordFormFailure = { errors?: Record<string, string>; values?: Record<string, string>; toast?: ToastMessage };

/**
 * The state of a simple record form (team member, testimonial): shows the failure toast, says
 * whether it is saving, and gives each field what the user typed after a failure, else the
 * record's value.
 */
export function useRecordForm(actionData: unknown) {
  const failure = actionData as RecordFormFailure | undefined;
  useToastFrom(failure?.toast);
  const navigation = useNavigation();
  const values = failure?.values;
  return {
    saving: navigation.state === "submitting",
    errors: failure?.errors ?? {},
    /** The submitted value of `key` after a failure, else `fallback` (the stored value). */
    text: (key: string, fallback: string | number | null | undefined) => (values ? (values[key] ?? "") : String(fallback ?? "")),
    /** A switch's submitted state after a failure, else `fallback`. */
    checked: (key: string, fallback: boolean) => (values ? values[key] === "on" : fallback),
  };
}
