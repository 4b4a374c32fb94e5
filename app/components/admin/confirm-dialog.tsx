import { useEffect, useRef, type ReactNode } from "react";
import { Dialog } from "~/components/ui/dialog";
import { buttonClass } from "~/components/ui/button";

/**
 * A modal confirmation question ('Are you sure you want to delete this post?') that names what it
 * is about. Mount it only while it is open: focus starts on 'Cancel', stays inside, Escape or a
 * click outside cancels, and focus goes back to the button that opened it.
 */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  question: string;
  detail: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  // Runs after the dialog has opened (a child's effects run first): the safe choice is focused.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Dialog open onClose={onCancel} title={question} closeLabel="Close" className="max-w-lg" description={detail}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancel} type="button" onClick={onCancel} className={buttonClass({ variant: "outline" })}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          className={buttonClass({ className: "bg-red-700 text-white shadow-none hover:bg-red-600 focus-visible:outline-red-400" })}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
