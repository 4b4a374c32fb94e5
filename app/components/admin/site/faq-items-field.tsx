import { useLayoutEffect, useRef, useState } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import type { FieldErrors } from "~/lib/admin-validation";
import { LANDING_LIMITS } from "~/lib/landing-content";
import { Button, buttonClass } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { TextAreaField, TextField } from "~/components/ui/field";

type Item = { key: number; question: string; answer: string };

/**
 * The FAQ's questions: add one, move one up or down, remove one, each with its buttons (the
 * keyboard reaches them all; a moved item keeps the focus on the button that moved it). The
 * fields are plain repeated form fields (faqQuestion, faqAnswer) in the order shown; their ids
 * carry the position, where the server's messages point (app/lib/landing-form.ts).
 */
export function FaqItemsField({ questions, answers, errors, onChange }: { questions: string[]; answers: string[]; errors: FieldErrors; onChange: () => void }) {
  const next = useRef(questions.length);
  const [items, setItems] = useState<Item[]>(() => questions.map((question, i) => ({ key: i, question, answer: answers[i] ?? "" })));
  // Where the focus goes once the list has changed: the button that moved an item, a new question's field…
  const focusAfter = useRef<string | null>(null);
  const order = items.map((item) => item.key).join(" ");
  useLayoutEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    focusAfter.current = null;
    target?.focus();
  }, [order]);

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
    change(list, `faq-${edge ? (by === -1 ? "down" : "up") : by === -1 ? "up" : "down"}-${to}`);
  };
  const remove = (index: number) => {
    const list = items.filter((_, i) => i !== index);
    change(list, list.length === 0 ? "faq-add" : `field-faqQuestion.${Math.min(index, list.length - 1)}`);
  };
  const add = () => {
    const list = [...items, { key: next.current++, question: "", answer: "" }];
    change(list, `field-faqQuestion.${list.length - 1}`);
  };

  return (
    <div className="space-y-4">
      <ol className="space-y-4" aria-label="Questions">
        {items.map((item, i) => (
          <li key={item.key} className="space-y-3 rounded-xl border border-border bg-background/40 p-4">
            <TextField
              name="faqQuestion"
              id={`field-faqQuestion.${i}`}
              label={`Question ${i + 1}`}
              required
              maxLength={LANDING_LIMITS.title * 2}
              defaultValue={item.question}
              error={errors[`faqQuestion.${i}`]}
            />
            <TextAreaField
              name="faqAnswer"
              id={`field-faqAnswer.${i}`}
              label={`Answer ${i + 1}`}
              required
              rows={3}
              maxLength={LANDING_LIMITS.answer}
              defaultValue={item.answer}
              error={errors[`faqAnswer.${i}`]}
            />
            <div className="flex flex-wrap gap-2">
              {i > 0 ? (
                <Button type="button" id={`faq-up-${i}`} variant="outline" size="sm" onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden="true" className="size-4" />
                  Move up<span className="sr-only"> question {i + 1}</span>
                </Button>
              ) : null}
              {i < items.length - 1 ? (
                <Button type="button" id={`faq-down-${i}`} variant="outline" size="sm" onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden="true" className="size-4" />
                  Move down<span className="sr-only"> question {i + 1}</span>
                </Button>
              ) : null}
              <Button type="button" variant="ghost" size="sm" onClick={() => remove(i)} className="ml-auto text-red-300">
                <Trash2 aria-hidden="true" className="size-4" />
                Remove<span className="sr-only"> question {i + 1}</span>
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <FieldError id="field-faqItems">{errors.faqItems}</FieldError>
      <button
        type="button"
        id="faq-add"
        onClick={add}
        disabled={items.length >= LANDING_LIMITS.faqItems}
        className={buttonClass({ variant: "outline", size: "sm" })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add question
      </button>
    </div>
  );
}
