import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Check, Plus } from "lucide-react";
import { cn } from "~/lib/cn";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { controlClass, FieldError } from "~/components/ui/field";
import { useTypedBeforeHydration } from "./use-typed-before-hydration";

type Tag = { id: string; name: string; slug: string };
type AddTagResult = { tag?: Tag | null; tagError?: string; toast?: { title: string; description?: string } };

/** The post's tags: chips toggle the selection, a new-tag field and 'Add Tag' (blank names ignored). */
export function TagPicker({ tags, initialSelected, error }: { tags: Tag[]; initialSelected: string[]; error?: string }) {
  const [selected, setSelected] = useState<string[]>(initialSelected);
  const [added, setAdded] = useState<Tag[]>([]);
  const [name, setName] = useState("");
  const nameField = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(nameField, setName);
  const fetcher = useFetcher<AddTagResult>();
  const [handled, setHandled] = useState<AddTagResult>();

  // A new answer to 'Add Tag' adds and selects its tag once, while rendering (no effect round trip).
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (result && result !== handled) {
    setHandled(result);
    const tag = result.tag;
    if (tag) {
      setAdded((list) => (list.some((t) => t.id === tag.id) ? list : [...list, tag]));
      setSelected((list) => (list.includes(tag.id) ? list : [...list, tag.id]));
      setName("");
    }
  }
  const addedToast = handled?.tag ? handled.toast : undefined;
  useEffect(() => {
    if (addedToast) toast({ title: addedToast.title, description: addedToast.description });
  }, [addedToast]);

  const all = [...tags, ...added.filter((a) => !tags.some((t) => t.id === a.id))];
  const addTag = () => {
    if (!name.trim()) return;
    void fetcher.submit({ intent: "add-tag", name }, { method: "post" });
  };
  const toggle = (id: string) => setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const tagError = fetcher.data?.tagError;

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Tags</legend>
      {selected.map((id) => (
        <input key={id} type="hidden" name="tagIds" value={id} />
      ))}
      {all.length ? (
        <div className="mb-3 flex flex-wrap gap-2">
          {all.map((tag) => {
            const on = selected.includes(tag.id);
            return (
              <button
                key={tag.id}
                type="button"
                aria-pressed={on}
                onClick={() => toggle(tag.id)}
                className={cn(
                  "inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm transition-colors",
                  on ? "border-primary bg-primary/20 text-foreground" : "border-border bg-surface-2 text-muted hover:text-foreground",
                )}
              >
                {on ? <Check aria-hidden="true" className="size-3.5" /> : null}
                {tag.name}
              </button>
            );
          })}
        </div>
      ) : (
        <p className="mb-3 text-sm text-muted">No tags yet.</p>
      )}
      <div className="flex gap-2">
        <label htmlFor="new-tag-name" className="sr-only">
          New tag name
        </label>
        <input
          ref={nameField}
          id="new-tag-name"
          value={name}
          maxLength={60}
          placeholder="New tag name"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              addTag();
            }
          }}
          aria-invalid={tagError ? true : undefined}
          aria-describedby={tagError ? "new-tag-error" : undefined}
          className={controlClass({ className: "max-w-xs" })}
        />
        <Button type="button" variant="outline" size="sm" className="h-auto" onClick={addTag} disabled={fetcher.state !== "idle"}>
          <Plus aria-hidden="true" className="size-4" />
          Add Tag
        </Button>
      </div>
      <FieldError id="new-tag-error" className="mt-1.5">
        {tagError}
      </FieldError>
      {error ? <p className="mt-1.5 text-sm text-red-300">{error}</p> : null}
    </fieldset>
  );
}
