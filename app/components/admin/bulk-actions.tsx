import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { Panel } from "./admin-page";
import { countOf, TRASH_NAMES, type TrashKind } from "~/lib/trash";

/**
 * Selecting rows of a list: one checkbox per row (labelled by the row's title) and 'Select all'
 * for the page. The row checkboxes belong to the bulk form by its id, so the browser sends the
 * selected ids with the chosen button even without JavaScript.
 */
export type Selection = {
  formId: string;
  ids: string[];
  selected: Set<string>;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
};

/** The selection of a list showing `ids`; cleared after every answer of the page action (`answer`). */
export function useSelection(formId: string, ids: string[], answer: unknown): Selection {
  const [picked, setPicked] = useState<Set<string>>(() => new Set());
  const [lastAnswer, setLastAnswer] = useState(answer);
  if (answer !== lastAnswer) {
    setLastAnswer(answer);
    setPicked(new Set());
  }
  // Rows that left the list (trashed, deleted elsewhere) are no longer selected.
  const selected = new Set(ids.filter((id) => picked.has(id)));
  return {
    formId,
    ids,
    selected,
    toggle: (id, on) =>
      setPicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on) => setPicked(on ? new Set(ids) : new Set()),
  };
}

/** A row's checkbox; its accessible name is the row's title (the element `labelledBy` names). */
export function RowCheckbox({ selection, id, labelledBy }: { selection: Selection; id: string; labelledBy: string }) {
  return (
    <input
      type="checkbox"
      form={selection.formId}
      name="ids"
      value={id}
      aria-labelledby={labelledBy}
      checked={selection.selected.has(id)}
      onChange={(event) => selection.toggle(id, event.currentTarget.checked)}
      className="mt-1 size-5 shrink-0 cursor-pointer accent-primary"
    />
  );
}

type BulkAction = { intent: string; label: string; confirm?: { question: (count: number) => string; detail: string; confirmLabel: string } };

/** 'Select all', the number selected and the bulk buttons; an action with `confirm` asks first. */
export function BulkActions({ selection, actions, what }: { selection: Selection; actions: BulkAction[]; what: TrashKind }) {
  const form = useRef<HTMLFormElement>(null);
  const selectAll = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const count = selection.selected.size;
  const all = count > 0 && count === selection.ids.length;
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = count > 0 && !all;
  }, [count, all]);

  return (
    <Panel className="mb-4 flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between sm:py-3">
      <Form
        ref={form}
        id={selection.formId}
        method="post"
        className="contents"
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          const action = actions.find((a) => submitter instanceof HTMLButtonElement && a.intent === submitter.value);
          if (action?.confirm && count > 0) {
            event.preventDefault();
            setAsking(action);
          }
        }}
      >
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <input
            ref={selectAll}
            type="checkbox"
            checked={all}
            onChange={(event) => selection.setAll(event.currentTarget.checked)}
            className="size-5 cursor-pointer accent-primary"
          />
          Select all
          <span className="font-normal text-muted">{count > 0 ? `(${count} selected)` : null}</span>
        </label>
        <div role="group" aria-label={`With the selected ${TRASH_NAMES[what].many}`} className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <button key={a.intent} type="submit" name="intent" value={a.intent} className={buttonClass({ variant: "outline", size: "sm" })}>
              {a.label}
            </button>
          ))}
        </div>
      </Form>
      {asking?.confirm ? (
        <ConfirmDialog
          question={asking.confirm.question(count)}
          detail={`${countOf(what, count)} ${asking.confirm.detail}`}
          confirmLabel={asking.confirm.confirmLabel}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const data = form.current ? new FormData(form.current) : new FormData();
            data.set("intent", asking.intent);
            setAsking(null);
            void submit(data, { method: "post" });
          }}
        />
      ) : null}
    </Panel>
  );
}
