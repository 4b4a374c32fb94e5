import { useCallback, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Table, TableActionsHead, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TagChangeDialog, type TagChange, type TagRow } from "./tag-dialogs";

/**
 * Every tag as a table row: its name and address, how many posts use it, and 'Rename', 'Merge'
 * and 'Delete', each opening its dialog. `headingId`: the heading above the table, where focus
 * goes when a merge or delete takes a row away.
 */
export function TagTable({ tags, headingId }: { tags: TagRow[]; headingId: string }) {
  const [change, setChange] = useState<TagChange | null>(null);
  const close = useCallback(() => setChange(null), []);
  const heading = useCallback(() => document.getElementById(headingId), [headingId]);
  const canMerge = tags.length > 1;
  const action = buttonClass({ variant: "outline", size: "sm" });
  return (
    <>
      <Table framed stickyHeader>
        <TableCaption>Tags and their posts</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Tag</TableHead>
            <TableHead numeric>Posts</TableHead>
            <TableActionsHead />
          </TableRow>
        </TableHeader>
        <TableBody>
          {tags.map((tag) => (
            <TableRow key={tag.id}>
              <TableHead scope="row" className="min-w-36 sm:w-2/3">
                <p className="font-semibold break-words">{tag.name}</p>
                <p className="font-mono text-xs break-words text-muted">{tag.slug}</p>
              </TableHead>
              <TableCell numeric>{tag.posts}</TableCell>
              <TableCell>
                <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end sm:gap-2">
                  <button type="button" className={action} aria-label={`Rename ${tag.name}`} onClick={() => setChange({ intent: "rename", tag })}>
                    Rename
                  </button>
                  {canMerge ? (
                    <button type="button" className={action} aria-label={`Merge ${tag.name}`} onClick={() => setChange({ intent: "merge", tag })}>
                      Merge
                    </button>
                  ) : null}
                  <button
                    type="button"
                    aria-label={`Delete ${tag.name}`}
                    onClick={() => setChange({ intent: "delete", tag })}
                    className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
                  >
                    Delete
                  </button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {change ? <TagChangeDialog key={`${change.intent}-${change.tag.id}`} change={change} tags={tags} onClose={close} afterRemoval={heading} /> : null}
    </>
  );
}
