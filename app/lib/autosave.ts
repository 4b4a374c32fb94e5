import type { FormValues } from "./form-result";
import { DEFAULT_TIME_ZONE, fromLocalInput, isTimeZone } from "./publication-date";

/**
 * Pure helpers of the admin forms' autosave: what a form holds, whether two states differ, and
 * the copy kept in the browser (localStorage) until a save succeeds.
 */

/** Fields that repeat (the selected tags); their order carries no meaning. */
export const LIST_FIELDS: readonly string[] = ["tagIds"];

/** Fields that are not the editor's typing: the button's intent and the concurrency version. */
const IGNORED_FIELDS = new Set(["intent", "version"]);

/** Fields a save needs; autosave skips (quietly) while one is blank. */
export const REQUIRED_FIELDS = ["title", "slug", "category", "content"] as const;

/**
 * The form's values as typed, from `new FormData(form)` entries (files and non-content fields left
 * out); `lists` are the fields that repeat (the landing form's FAQ questions, in their order).
 */
export function valuesFromEntries(entries: Iterable<[string, FormDataEntryValue]>, lists: readonly string[] = LIST_FIELDS): FormValues {
  const out: FormValues = {};
  for (const [key, value] of entries) {
    if (typeof value !== "string" || IGNORED_FIELDS.has(key)) continue;
    if (lists.includes(key)) {
      const list = out[key];
      out[key] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      out[key] = value;
    }
  }
  for (const key of lists) out[key] ??= [];
  return out;
}

/** A field's value as one string; the tags in any order, any other list (the landing form's) in its own. */
function normalized(value: string | string[] | undefined, key = ""): string {
  if (value === undefined) return "";
  if (!Array.isArray(value)) return value;
  return (LIST_FIELDS.includes(key) ? [...value].sort() : value).join("\n");
}

/** The chosen publication instant: the same date shown in two time zones is the same choice. */
function publicationInstant(values: FormValues): string {
  const typed = normalized(values.publishedAt).trim();
  if (!typed) return "";
  const zone = normalized(values.timeZone);
  const instant = fromLocalInput(typed, zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
  return instant ? instant.toISOString() : typed;
}

/**
 * Whether two states of the form hold the same values: a missing field equals an empty one, tags
 * count in any order, and the publication date counts as the instant it names in its time zone.
 */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (IGNORED_FIELDS.has(key) || key === "timeZone" || key === "publishedAt") continue;
    if (normalized(a[key], key) !== normalized(b[key], key)) return false;
  }
  return publicationInstant(a) === publicationInstant(b);
}

/** Whether every field a save needs has something in it. */
export function hasRequiredFields(values: FormValues): boolean {
  return REQUIRED_FIELDS.every((key) => normalized(values[key]).trim() !== "");
}

/** The forms whose typed values are kept in the browser until saved, and what their notice calls the record. */
export const KEPT_FORM_NAMES = {
  post: "post",
  "case-study": "case study",
  "team-member": "team member",
  testimonial: "testimonial",
  landing: "landing page",
} as const;
export type KeptForm = keyof typeof KEPT_FORM_NAMES;

/** The browser copy's key: one per form and record, 'new' for a record not yet created. */
export function storageKey(form: KeptForm, id: string | null): string {
  return `${form}-autosave:${id ?? "new"}`;
}

export type StoredCopy = { values: FormValues; savedAt: string };

/** Reads a stored copy; anything unreadable or of another shape is no copy. */
export function parseStoredCopy(raw: string | null): StoredCopy | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object") return null;
  const { values, savedAt } = parsed as Record<string, unknown>;
  if (typeof savedAt !== "string" || !values || typeof values !== "object" || Array.isArray(values)) return null;
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) out[key] = value;
  }
  return { values: out, savedAt };
}

export function storedCopyText(values: FormValues, savedAt: Date): string {
  return JSON.stringify({ values, savedAt: savedAt.toISOString() } satisfies StoredCopy);
}

/** What the status line says: the typed state is being saved, is saved, or is not (yet). */
export type AutosaveStatus = "idle" | "saving" | "saved" | "unsaved";

export const STATUS_TEXT: Record<AutosaveStatus, string> = {
  idle: "",
  saving: "Saving...",
  saved: "Saved",
  unsaved: "Unsaved changes",
};

/** The server's answer to an autosave: written, skipped (required fields blank), refused (invalid), or failed (session, network). */
export type AutosaveOutcome =
  { autosave: "saved"; savedAt: string } | { autosave: "skipped" } | { autosave: "invalid"; message: string } | { autosave: "failed" };

export function isAutosaveOutcome(value: unknown): value is AutosaveOutcome {
  return Boolean(value && typeof value === "object" && "autosave" in value);
}
