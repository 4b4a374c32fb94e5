import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { FieldErrors } from "~/lib/admin-validation";
import { Button, buttonClass } from "~/components/ui/button";
import { controlClass, Field, FieldError, TextAreaField, TextField } from "~/components/ui/field";

/**
 * One field of every item: its repeated form field's name, its label for item `n` ("Question 3"),
 * its length limit, rows when multi-line, options when a choice, whether it may be empty, a hint.
 */
export type ItemField = {
  name: string;
  label: (n: number) => string;
  max: number;
  rows?: number;
  options?: readonly { value: string; label: string }[];
  optional?: boolean;
  type?: "url";
  hint?: string;
  /** A control of its own (a photo's upload) instead of a text field: its position, starting value and message. */
  render?: (item: { index: number; value: string; error?: string; onChange: () => void }) => ReactNode;
};

type Item = { key: number; values: string[] };

/**
 * A list of items made of a few fields each (the FAQ's questions, the pain points' quotes): add
 * one, move one up or down, remove one, each with its buttons (the keyboard reaches them all; a
 * moved item keeps the focus on the button that moved it). The fields are plain repeated form
 * fields in the order shown; their ids carry the position (`field-faqQuestion.2`), where the
 * server's messages point (app/lib/landing-form.ts). `id` prefixes the buttons' ids.
 */
export function ListItemsField({
  id,
  noun,
  label,
  fields,
  initial,
  max,
  errors,
  errorField,
  onChange,
}: {
  id: string;
  /** What one item is called in its buttons' names: "Move up question 3". */
  noun: string;
  /** The list's name ("Questions"). */
  label: string;
  fields: ItemField[];
  /** Each field's values, in the order of `fields`. */
  initial: string[][];
  max: number;
  errors: FieldErrors;
  /** The field the list's own message (too many, none) is reported on. */
  errorField: string;
  onChange: () => void;
}) {
  const count = initial[0]?.length ?? 0;
  const next = useRef(count);
  const [items, setItems] = useState<Item[]>(() => Array.from({ length: count }, (_, i) => ({ key: i, values: initial.map((list) => list[i] ?? "") })));
  // Where the focus goes once the list has changed: the button that moved an item, a new item's first field…
  const focusAfter = useRef<string | null>(null);
  const order = items.map((item) => item.key).join(" ");
  useLayoutEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    focusAfter.current = null;
    target?.focus();
  }, [order]);

  const first = (index: number) => `field-${fields[0]!.name}.${index}`;
  const change = (list: Item[], focus: string) => {
    focusAfter.current = focus;
    setItems(list);
    onChange();
  };
  const move = (index: number, by: -1 | 1) => {
    const list = [...items];
    const [item] = list.splice(index, 1);
    list.splice(index + by, 0, item!);
    const to = index + by;
    // At the end of the list the button that moved it is gone: the other direction's keeps the focus.
    const edge = (by === -1 && to === 0) || (by === 1 && to === list.length - 1);
    change(list, `${id}-${edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down"}-${to}`);
  };
  const remove = (index: number) => {
    const list = items.filter((_, i) => i !== index);
    change(list, list.length === 0 ? `${id}-add` : first(Math.min(index, list.length - 1)));
  };
  const add = () => {
    const list = [...items, { key: next.current++, values: fields.map(() => "") }];
    change(list, first(list.length - 1));
  };

  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-label={label}>
        {items.map((item, i) => (
          <li key={item.key} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
            {fields.map((field, f) => {
              const common = {
                name: field.name,
                id: `field-${field.name}.${i}`,
                label: field.label(i + 1),
                required: !field.optional,
                defaultValue: item.values[f],
                error: errors[`${field.name}.${i}`],
                hint: field.hint,
              };
              if (field.render)
                return <div key={field.name}>{field.render({ index: i, value: common.defaultValue ?? "", error: common.error, onChange })}</div>;
              if (field.options)
                return (
                  <Field
                    key={field.name}
                    name={common.name}
                    id={common.id}
                    label={common.label}
                    required={common.required}
                    error={common.error}
                    hint={common.hint}
                  >
                    {(tie) => (
                      <select {...tie} defaultValue={common.defaultValue} className={controlClass()}>
                        {field.options!.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                );
              return field.rows ? (
                <TextAreaField key={field.name} {...common} maxLength={field.max} rows={field.rows} />
              ) : (
                <TextField key={field.name} {...common} maxLength={field.max} type={field.type} />
              );
            })}
            <div className="flex flex-wrap gap-2">
              {i > 0 ? (
                <Button type="button" id={`${id}-up-${i}`} variant="outline" size="sm" onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                  Move up
                  <span className="sr-only">{` ${noun} ${i + 1}`}</span>
                </Button>
              ) : null}
              {i < items.length - 1 ? (
                <Button type="button" id={`${id}-down-${i}`} variant="outline" size="sm" onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                  Move down
                  <span className="sr-only">{` ${noun} ${i + 1}`}</span>
                </Button>
              ) : null}
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)} className="ml-auto text-red-300">
                <Trash2 aria-hidden="true" className="size-4" />
                Remove
                <span className="sr-only">{` ${noun} ${i + 1}`}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <FieldError id={`field-${errorField}`}>{errors[errorField]}</FieldError>
      <button type="button" id={`${id}-add`} onClick={add} disabled={items.length >= max} className={buttonClass({ variant: "outline", size: "sm" })}>
        <Plus aria-hidden="true" className="size-4" />
        Add {noun}
      </button>
    </div>
  );
}
