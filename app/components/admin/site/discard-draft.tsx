import { useRef, useState } from "react";
import { useSubmit } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { buttonClass } from "~/components/ui/button";

/**
 * 'Discard draft': asks first (the saved draft's words are lost), then posts `intent=discard`;
 * the fields and the preview show the published texts again. The focus returns to the button on 'Cancel'.
 * It sends the `version` the page shows: a draft saved since by someone else is not discarded
 * unseen (409, decision 0055). `onDiscard` runs as it is sent.
 */
export function DiscardDraft({ version, onDiscard }: { version: number; onDiscard?: () => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const submit = useSubmit();
  return (
    <>
      <button ref={button} type="button" onClick={() => setOpen(true)} className={buttonClass({ variant: "ghost", size: "sm" })}>
        Discard draft
      </button>
      {open ? (
        <ConfirmDialog
          question="Discard the draft?"
          detail="The saved draft is replaced by the published texts. The public page does not change."
          confirmLabel="Discard draft"
          onConfirm={() => {
            setOpen(false);
            onDiscard?.();
            void submit({ intent: "discard", version: String(version) }, { method: "post", action: "/admin/site" });
          }}
          onCancel={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
