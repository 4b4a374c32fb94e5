import { Link } from "react-router";
import { History } from "lucide-react";
import { cn } from "~/lib/cn";
import { diffLines, hasChanges } from "~/lib/line-diff";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/**
 * The pieces of a post's history: the line diff, the table of changed fields, the list of
 * revisions, and the notice shown when a save was refused because someone else saved first.
 */

/**
 * A line diff of two texts. Removed lines are struck through in a <del> with a leading "−", added
 * ones underlined in an <ins> with a leading "+", so the change reads without colour too.
 */
export function LineDiff({
  before,
  after,
  label,
  removedLabel,
  addedLabel,
}: {
  before: string;
  after: string;
  label: string;
  removedLabel: string;
  addedLabel: string;
}) {
  const lines = diffLines(before, after);
  if (!hasChanges(lines)) return <p className="text-sm text-muted">No differences in the {label.toLowerCase()}.</p>;
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-muted">
        <span className="font-mono">−</span> {removedLabel} · <span className="font-mono">+</span> {addedLabel}
      </figcaption>
      <div role="region" aria-label={`${label} differences`} className="rounded-lg border border-border bg-background text-sm">
        <pre className="py-2 font-mono leading-relaxed break-words whitespace-pre-wrap">
          {lines.map((line, index) => {
            const sign = line.kind === "removed" ? "−" : line.kind === "added" ? "+" : " ";
            const row = cn(
              "block px-3",
              line.kind === "removed" && "bg-red-500/15 text-red-200",
              line.kind === "added" && "bg-emerald-500/15 text-emerald-200",
            );
            const text = `${sign} ${line.text}`;
            if (line.kind === "removed")
              return (
                <del key={index} className={cn(row, "decoration-red-300/70")}>
                  <span className="sr-only">Removed: </span>
                  {text}
                  {"\n"}
                </del>
              );
            if (line.kind === "added")
              return (
                <ins key={index} className={cn(row, "no-underline")}>
                  <span className="sr-only">Added: </span>
                  {text}
                  {"\n"}
                </ins>
              );
            return (
              <span key={index} className={cn(row, "text-muted")}>
                {text}
                {"\n"}
              </span>
            );
          })}
        </pre>
      </div>
    </figure>
  );
}

export type FieldValue = { label: string; before: string; after: string; date?: boolean };

/** The fields other than the content whose values differ, side by side. */
export function FieldChanges({ fields, beforeLabel, afterLabel }: { fields: FieldValue[]; beforeLabel: string; afterLabel: string }) {
  const changed = fields.filter((f) => f.before !== f.after);
  if (changed.length === 0) return <p className="text-sm text-muted">The other fields are the same.</p>;
  const show = (f: FieldValue, value: string) => (f.date && value ? <LocalDateTime value={value} /> : value || "(empty)");
  return (
    <Table density="compact">
      <TableCaption>Changed fields</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Field</TableHead>
          <TableHead>{beforeLabel}</TableHead>
          <TableHead>{afterLabel}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {changed.map((f) => (
          <TableRow key={f.label} className="align-top">
            <TableHead scope="row">{f.label}</TableHead>
            <TableCell className="break-all">
              <del className="decoration-red-300/70">{show(f, f.before)}</del>
            </TableCell>
            <TableCell className="break-all">
              <ins className="no-underline">{show(f, f.after)}</ins>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export type RevisionItem = { id: string; authorName: string; authorEmail: string; title: string; createdAt: string };

/** The revisions, newest first: each one links to its diff against the current post. */
export function RevisionList({ revisions, selectedId }: { revisions: RevisionItem[]; selectedId: string | null }) {
  if (revisions.length === 0) return <p className="text-sm text-muted">No saved versions yet. Each save from now on keeps one.</p>;
  return (
    <ol className="divide-y divide-border" aria-label="Versions, newest first">
      {revisions.map((r, index) => {
        const current = r.id === selectedId;
        return (
          <li key={r.id}>
            <Link
              to={`?revision=${r.id}`}
              aria-current={current ? "true" : undefined}
              preventScrollReset
              className={cn(
                "block rounded-lg px-3 py-2.5 hover:bg-surface-2 focus-visible:outline-2",
                current && "bg-surface-2 outline outline-1 outline-primary",
              )}
            >
              <span className="block font-medium break-words">{r.title}</span>
              <span className="block text-sm text-muted">
                <LocalDateTime value={r.createdAt} /> · {r.authorName}
                {r.authorEmail && r.authorEmail !== r.authorName ? ` (${r.authorEmail})` : ""}
                {index === 0 ? " · current" : ""}
              </span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}

/** What a refused save (409) carries besides the message (see `SaveConflict` on the server). */
export type ConflictInfo = { version: number; revisionId: string | null; authorName: string | null; savedAt: string | null; title: string; content: string };

/** The conflict a refused save answered with, if that is what `actionData` is. */
export function conflictOf(actionData: unknown): ConflictInfo | undefined {
  if (typeof actionData !== "object" || actionData === null || !("conflict" in actionData)) return undefined;
  const conflict = actionData.conflict as Partial<ConflictInfo> | null;
  return conflict && typeof conflict.version === "number" && typeof conflict.content === "string" ? (conflict as ConflictInfo) : undefined;
}

/**
 * Shown above the edit form when a save was refused because the post changed since it was opened:
 * the message, who saved and when, a link to that version in History, and the difference between
 * the saved text and what was typed (which stays in the form below).
 */
export function ConflictNotice({
  postId,
  message,
  conflict,
  typedTitle,
  typedContent,
}: {
  postId: string;
  message: string;
  conflict: ConflictInfo;
  typedTitle: string;
  typedContent: string;
}) {
  const historyLink = `/admin/blog/edit/${postId}/history${conflict.revisionId ? `?revision=${conflict.revisionId}` : ""}`;
  return (
    <section role="alert" aria-labelledby="save-conflict-title" className="mb-6 space-y-3 rounded-2xl border border-red-400/50 bg-red-500/10 p-5">
      <h2 id="save-conflict-title" className="font-semibold">
        Not saved: this post changed
      </h2>
      <p className="text-sm">{message}</p>
      {conflict.authorName && conflict.savedAt ? (
        <p className="text-sm text-muted">
          Saved by {conflict.authorName} on <LocalDateTime value={conflict.savedAt} />. Update Post again to replace that version with yours.
        </p>
      ) : null}
      <p>
        {/* A new tab: the form and what was typed in it stay here, side by side with the other version. */}
        <a
          href={historyLink}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline underline-offset-4"
        >
          <History aria-hidden="true" className="size-4" />
          Open the other version
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Compare the saved version with yours</summary>
        <div className="mt-3 space-y-3">
          {conflict.title !== typedTitle ? (
            <p>
              Title: <del>{conflict.title}</del> → <ins className="no-underline">{typedTitle}</ins>
            </p>
          ) : null}
          <LineDiff before={conflict.content} after={typedContent} label="Content" removedLabel="only in the saved version" addedLabel="only in yours" />
        </div>
      </details>
    </section>
  );
}
