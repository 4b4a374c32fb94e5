import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Trash2 } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { TRASH_DAYS } from "~/lib/trash";

/**
 * A delete button: asks `confirmText` in a dialog naming the record, then posts intent=delete to
 * the page action, which moves the record to the trash. Without JavaScript it posts at once
 * (nothing is lost: the trash keeps it).
 */
export function DeleteButton({
  id,
  name,
  label,
  confirmText,
  disabled,
}: {
  id: string;
  /** The record as people know it (a post's title, a member's name), shown in the question. */
  name: string;
  label: string;
  confirmText: string;
  disabled?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const submit = useSubmit();
  return (
    <Form
      ref={form}
      method="post"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        setAsking(true);
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        disabled={disabled}
        className={buttonClass({ variant: "ghost", size: "icon", className: "text-red-300 hover:bg-red-500/15" })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
      {asking ? (
        <ConfirmDialog
          question={confirmText}
          detail={
            <>
              <strong className="font-semibold text-foreground">{name}</strong> moves to the trash, where you can restore it for {TRASH_DAYS} days.
            </>
          }
          confirmLabel="Delete"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (form.current) void submit(form.current);
          }}
        />
      ) : null}
    </Form>
  );
}
