import { Form } from "react-router";
import { Trash2 } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

/** A delete button that asks for confirmation first, then posts intent=delete to the page action. */
export function DeleteButton({ id, label, confirmText, disabled }: { id: string; label: string; confirmText: string; disabled?: boolean }) {
  return (
    <Form
      method="post"
      className="contents"
      onSubmit={(event) => {
        if (!window.confirm(confirmText)) event.preventDefault();
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
    </Form>
  );
}
