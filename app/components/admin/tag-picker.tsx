import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Check, Plus } from "lucide-react";
import { cn } from "~/lib/cn";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { inputClass } from "./fields";

type Tag = { id: string; name: string; slug: string };
type AddTagResult = { tag?: Tag | null; tagError?: string; toast?: { title: string; description?: string } };

/** SPEC.md tags: chips toggle the selection, a new-tag field and 'Add Tag' (blank names ignored). */
export function TagPicker({ tags, initialSelected, error }: { tags: Tag[]; initialSelected: string[]; error?: string }) {
  const [selected, setSelected] = useState<string[]>(initialSelected);
  const [added, setAdded] = useState<Tag[]>([]);
  const [name, setName] = useState("");
  const fetcher = useFetcher<AddTagResult>();
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result || fetcher.state !== "idle") return;
    handled.current = result;
    const tag = result.tag;
    if (tag) {
      setAdded((list) => (list.some((t) => t.id === tag.id) ? list : [...list, tag]));
      setSelected((list) => (list.includes(tag.id) ? list : [...list, tag.id]));
      setName("");
      if (result.toast) toast({ title: result.toast.title, description: result.toast.description });
    }
  }, [fetcher.data, fetcher.state]);

  const all = [...tags, ...added.filter((a) => !tags.some((t) => t.id === a.id))];
  const addTag = () => {
    if (!name.trim()) return;
    fetcher.submit({ intent: "add-tag", name }, { method: "post" });
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
          className={cn(inputClass, "max-w-xs")}
        />
        <Button type="button" variant="outline" size="sm" className="h-auto" onClick={addTag} disabled={fetcher.state !== "idle"}>
          <Plus aria-hidden="true" className="size-4" />
          Add Tag
        </Button>
      </div>
      {tagError ? (
        <p id="new-tag-error" className="mt-1.5 text-sm text-red-300">
          {tagError}
        </p>
      ) : null}
      {error ? <p className="mt-1.5 text-sm text-red-300">{error}</p> : null}
    </fieldset>
  );
}
