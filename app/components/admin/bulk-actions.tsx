import { useEffect, useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { Panel } from "./admin-page";
import { countOf, TRASH_NAMES, type TrashKind } from "~/lib/trash";
import { cn } from "~/lib/cn";

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

/** 'Select all' of the page, in the selection column's header; mixed when some rows are selected. */
export function SelectAllCheckbox({ selection }: { selection: Selection }) {
  const box = useRef<HTMLInputElement>(null);
  const count = selection.selected.size;
  const all = count > 0 && count === selection.ids.length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label className="flex">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        onChange={(event) => selection.setAll(event.currentTarget.checked)}
        className="mt-1 size-5 cursor-pointer accent-primary"
      />
      <span className="sr-only">Select all</span>
    </label>
  );
}

/**
 * The bulk bar: how many rows are selected and the bulk buttons; an action with `confirm` asks
 * first. Shown only while rows are selected (without JavaScript, always: the browser sends the
 * checked rows with the button), after the list it acts on and held at the bottom of the screen
 * while the list scrolls, so nothing above it moves when it appears. A status line says how many
 * are selected as the count changes.
 */
export function BulkActions({ selection, actions, what }: { selection: Selection; actions: BulkAction[]; what: TrashKind }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const count = selection.selected.size;

  return (
    <>
      <p role="status" className="sr-only">
        {count > 0 ? `${countOf(what, count)} selected` : ""}
      </p>
      <Panel
        className={cn(
          "sticky bottom-3 z-20 mt-3 items-center justify-between gap-x-3 gap-y-2 border-primary/40 px-3 py-2.5 shadow-2xl sm:px-6 sm:py-2.5",
          count > 0 ? "flex flex-wrap" : "hidden noscript:flex",
        )}
      >
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
          <p className="px-1 text-sm font-semibold tabular-nums">{count} selected</p>
          <div role="group" aria-label={`With the selected ${TRASH_NAMES[what].many}`} className="flex flex-wrap gap-1.5 sm:gap-2">
            {actions.map((a) => (
              <button
                key={a.intent}
                type="submit"
                name="intent"
                value={a.intent}
                className={buttonClass({ variant: "outline", size: "sm", className: "px-3 sm:px-4" })}
              >
                {a.label}
              </button>
            ))}
          </div>
        </Form>
      </Panel>
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
    </>
  );
}
