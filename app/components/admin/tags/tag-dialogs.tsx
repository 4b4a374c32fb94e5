import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import { buttonClass } from "~/components/ui/button";
import { Field, TextField, controlClass } from "~/components/ui/field";
import { LIMITS } from "~/lib/admin-validation";
import { isFormFailure, type FormResult } from "~/lib/form-result";
import { postCount } from "~/lib/tags";
import { tagSlug } from "~/lib/text";
import { useToastFrom } from "../use-toast-from";

export type TagRow = { id: string; name: string; slug: string; posts: number };

/** What a dialog is asked to do with which tag. */
export type TagChange = { intent: "rename" | "merge" | "delete"; tag: TagRow };

const danger = buttonClass({ className: "bg-red-700 text-white shadow-none hover:bg-red-600 focus-visible:outline-red-400" });

/**
 * The dialog of one change to a tag: 'Rename' (a new name; the address follows it), 'Merge' (the
 * tag to merge into) or 'Delete' (a confirmation naming the tag and how many posts lose it). It
 * posts to the page's action without leaving the page, shows the toast, closes on success and
 * keeps a refusal's message at its field.
 */
export function TagChangeDialog({
  change,
  tags,
  onClose,
  afterRemoval,
}: {
  change: TagChange;
  tags: TagRow[];
  onClose: () => void;
  /** Where focus goes once a merge or delete has taken the row (and the button that opened this) away. */
  afterRemoval: () => HTMLElement | null;
}) {
  const fetcher = useFetcher<FormResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const failure = isFormFailure(result) ? result : undefined;
  const busy = fetcher.state !== "idle";
  useToastFrom(result?.toast);
  const { intent, tag } = change;
  const removed = useRef(false);
  useEffect(() => {
    if (!result?.ok) return;
    removed.current = intent !== "rename";
    onClose();
  }, [result, onClose, intent]);
  // Stable: the dialog re-opens when this changes.
  const returnFocus = useCallback(() => (removed.current ? afterRemoval() : null), [afterRemoval]);
  // Runs after the dialog has opened (a child's effects run first): the field, or for a deletion the safe 'Cancel'.
  useEffect(() => {
    const target = intent === "delete" ? "[data-cancel]" : intent === "merge" ? "select" : "input:not([type=hidden])";
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  }, [intent]);
  const content = {
    rename: { title: `Rename “${tag.name}”`, description: "Its posts keep it under the new name.", submit: "Rename", busy: "Renaming..." },
    merge: {
      title: `Merge “${tag.name}”`,
      description: `Its ${postCount(tag.posts)} get the other tag instead; then “${tag.name}” is deleted.`,
      submit: "Merge",
      busy: "Merging...",
    },
    delete: { title: `Delete the tag “${tag.name}”?`, description: deleteDetail(tag), submit: "Delete", busy: "Deleting..." },
  }[intent];

  return (
    <Dialog open onClose={onClose} title={content.title} description={content.description} closeLabel="Close" className="max-w-lg" returnFocus={returnFocus}>
      {/* The server's messages, at the field: the browser's own bubbles would say it in other words. */}
      <fetcher.Form ref={formRef} method="post" noValidate className="grid gap-5">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={tag.id} />
        {intent === "rename" ? <RenameField tag={tag} error={failure?.errors.name} /> : null}
        {intent === "merge" ? <MergeTarget tag={tag} tags={tags} error={failure?.errors.into} /> : null}
        {failure && !failure.errors.name && !failure.errors.into ? (
          <p role="alert" className="text-sm text-red-300">
            {failure.toast.description}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} data-cancel className={buttonClass({ variant: "outline" })}>
            Cancel
          </button>
          <button type="submit" disabled={busy} className={intent === "delete" ? danger : buttonClass()}>
            {busy ? content.busy : content.submit}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function deleteDetail(tag: TagRow) {
  if (tag.posts === 0) return "No post uses it. This cannot be undone.";
  return `${postCount(tag.posts)} will lose it; the posts themselves stay. This cannot be undone.`;
}

/** The new name, with the address it gives the tag (the tag picker's slug rule). */
function RenameField({ tag, error }: { tag: TagRow; error?: string }) {
  const [name, setName] = useState(tag.name);
  const slug = tagSlug(name);
  return (
    <TextField
      name="name"
      label="New name"
      required
      maxLength={LIMITS.tagName}
      value={name}
      onChange={(event) => setName(event.currentTarget.value)}
      onFocus={(event) => event.currentTarget.select()}
      error={error}
      hint={slug ? `Address: ${slug}` : "Enter a name for the tag."}
    />
  );
}

/** The tag to merge into: every other tag, with its number of posts. */
function MergeTarget({ tag, tags, error }: { tag: TagRow; tags: TagRow[]; error?: string }) {
  const others = tags.filter((t) => t.id !== tag.id);
  return (
    <Field name="into" label="Merge into" required error={error}>
      {(tie) => (
        <select {...tie} className={controlClass()} defaultValue="">
          <option value="" disabled>
            Choose a tag
          </option>
          {others.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({postCount(t.posts)})
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
