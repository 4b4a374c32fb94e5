import { useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { moveId } from "~/lib/display-order";
import type { FormResult } from "~/lib/form-result";
import { cn } from "~/lib/cn";
import { buttonClass } from "~/components/ui/button";
import { useToastFrom } from "./use-toast-from";

type Item = { id: string; name: string };

/** What a row shows besides its content: the drag handle, and 'Move up' / 'Move down'. */
export type RowControls = { handle: ReactNode; moves: ReactNode };

const INSTRUCTIONS =
  "To reorder, press Space or Enter to pick the item up, the arrow keys to move it, and Space or Enter to drop it; Escape cancels. " +
  "The Move up and Move down buttons do the same one step at a time.";

/**
 * A list the admin orders by hand: drag a row by its handle (mouse, touch, or the keyboard with
 * Space and the arrows), or use its 'Move up' / 'Move down' buttons. Each change posts every id
 * in the new order (intent=reorder) to the page action, and shows the new order at once. Without
 * JavaScript the move buttons are plain forms that post the same.
 */
export function SortableList<T extends Item>({
  items,
  label,
  className,
  children,
}: {
  items: T[];
  label: string;
  className?: string;
  children: (item: T, controls: RowControls) => ReactNode;
}) {
  const fetcher = useFetcher<FormResult>();
  useToastFrom(fetcher.data?.toast);
  const contextId = useId();
  // The order being saved shows at once (records the server does not know of any more drop out).
  const pending = fetcher.formData?.get("intent") === "reorder" ? fetcher.formData.getAll("ids").map(String) : null;
  const byId = new Map(items.map((item) => [item.id, item]));
  const ordered = pending ? [...pending.flatMap((id) => byId.get(id) ?? []), ...items.filter((item) => !pending.includes(item.id))] : items;
  const ids = ordered.map((item) => item.id);

  // A moved row keeps the focus on the button that moved it.
  const focusAfter = useRef<string | null>(null);
  const order = ids.join(" ");
  useLayoutEffect(() => {
    const target = focusAfter.current ? document.getElementById(focusAfter.current) : null;
    focusAfter.current = null;
    if (target && document.activeElement !== target) target.focus();
  }, [order]);

  const save = (next: string[]) => {
    const form = new FormData();
    form.set("intent", "reorder");
    for (const id of next) form.append("ids", id);
    void fetcher.submit(form, { method: "post" });
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? "The item";
  const place = (id: string | number) => `position ${ids.indexOf(String(id)) + 1} of ${ids.length}`;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is not over a position.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${place(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    save(moveId(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      id={contextId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul aria-label={label} className={cn("space-y-3", className)}>
          {ordered.map((item, index) => (
            <SortableRow key={item.id} id={item.id}>
              {({ ref, attributes, listeners }) =>
                children(item, {
                  handle: (
                    <button
                      type="button"
                      ref={ref}
                      {...attributes}
                      {...listeners}
                      aria-label={`Drag ${item.name} to reorder`}
                      title="Drag to reorder"
                      className={buttonClass({
                        variant: "ghost",
                        size: "icon",
                        className: "shrink-0 cursor-grab touch-none text-muted active:cursor-grabbing",
                      })}
                    >
                      <GripVertical aria-hidden="true" className="size-4" />
                    </button>
                  ),
                  moves: (
                    <>
                      {(["up", "down"] as const).map((direction) => {
                        const to = direction === "up" ? index - 1 : index + 1;
                        const edge = to < 0 || to >= ids.length;
                        const buttonId = `${contextId}-${direction}-${item.id}`;
                        const Icon = direction === "up" ? ArrowUp : ArrowDown;
                        return (
                          <fetcher.Form key={direction} method="post" className="contents">
                            <input type="hidden" name="intent" value="reorder" />
                            {edge ? null : moveId(ids, index, to).map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
                            <button
                              id={buttonId}
                              type={edge ? "button" : "submit"}
                              aria-disabled={edge || undefined}
                              aria-label={`Move ${item.name} ${direction}`}
                              title={direction === "up" ? "Move up" : "Move down"}
                              onClick={() => {
                                if (!edge) focusAfter.current = buttonId;
                              }}
                              className={buttonClass({
                                variant: "ghost",
                                size: "icon",
                                className: "aria-disabled:cursor-not-allowed aria-disabled:opacity-40",
                              })}
                            >
                              <Icon aria-hidden="true" className="size-4" />
                            </button>
                          </fetcher.Form>
                        );
                      })}
                    </>
                  ),
                })
              }
            </SortableRow>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

type Sortable = ReturnType<typeof useSortable>;
type HandleProps = { ref: (node: HTMLElement | null) => void; attributes: Sortable["attributes"]; listeners: Sortable["listeners"] };

function SortableRow({ id, children }: { id: string; children: (handleProps: HandleProps) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("relative", isDragging && "z-10 opacity-80 shadow-2xl")}
    >
      {children({ attributes, listeners, ref: setActivatorNodeRef })}
    </li>
  );
}
