import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Link2, Link2Off } from "lucide-react";
import type { Toast } from "~/lib/form-result";
import { Panel } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { SaveConflictNotice } from "~/components/admin/save-conflict-notice";
import { versionConflictOf } from "~/lib/save-conflict";

/** What the post form's action answers to 'Copy preview link' and 'Revoke preview link'. */
export type PreviewLinkResult = { previewLink: string | null; toast?: Toast } | { ok: false; toast: Toast };

async function copyToClipboard(url: string, what: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: "Preview link copied", description: `Anyone with the link can read this ${what} before it is public.` });
  } catch {
    // No clipboard permission: the link is in the read-only field below the buttons.
    toast({ title: "Preview link ready", description: "Copy it from the Preview link field." });
  }
}

/**
 * The edit form's preview link (drafts and scheduled posts): 'Copy preview link' creates the
 * secret link when the post has none and copies it; the link also shows in a read-only field, so
 * it can be copied by hand. 'Revoke preview link' makes it answer 404. Works without JavaScript
 * too (plain form posts; the field shows the link). With `version` (a case study's), both buttons
 * send the version the page shows and are refused when it was saved since (decision 0055): the
 * panel then says so and offers the saved version (`reloadHref`).
 */
export function PreviewLinkPanel({
  initialLink,
  actionLink,
  what = "post",
  version,
  reloadHref,
}: {
  initialLink: string | null;
  actionLink?: string | null;
  what?: string;
  version?: number;
  reloadHref?: string;
}) {
  const fetcher = useFetcher<PreviewLinkResult>();
  const result = fetcher.data;
  const link = result && "previewLink" in result ? result.previewLink : actionLink !== undefined ? actionLink : initialLink;
  const copyWhenReady = useRef(false);
  useToastFrom(result?.toast);
  useEffect(() => {
    if (fetcher.state !== "idle" || !copyWhenReady.current) return;
    copyWhenReady.current = false;
    if (link) void copyToClipboard(link, what);
  }, [fetcher.state, link, what]);
  const busy = fetcher.state !== "idle";
  const conflict = fetcher.state === "idle" ? versionConflictOf(result) : undefined;
  const versionField = version === undefined ? null : <input type="hidden" name="version" value={version} />;

  return (
    <Panel className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Preview link</h2>
        <p className="mt-1 text-sm text-muted">
          Share this {what} before it is public: anyone with the link can read it without signing in. Search engines never index it.
        </p>
      </div>
      {conflict && result && "toast" in result && result.toast ? (
        <SaveConflictNotice what={what} refused="Link not changed" message={result.toast.description ?? ""} conflict={conflict} reloadHref={reloadHref ?? ""} />
      ) : null}
      {link ? (
        <TextField
          name="previewLink"
          label="Preview link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          autoComplete="off"
          spellCheck={false}
        />
      ) : null}
      <div className="flex flex-wrap gap-3">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="create-preview-link" />
          {versionField}
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={(event) => {
              if (link) {
                // The link exists: copy it at once, inside the click (clipboard permission).
                event.preventDefault();
                void copyToClipboard(link, what);
              } else copyWhenReady.current = true;
            }}
          >
            <Link2 aria-hidden="true" className="size-4" />
            Copy preview link
          </Button>
        </fetcher.Form>
        {link ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="revoke-preview-link" />
            {versionField}
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              <Link2Off aria-hidden="true" className="size-4" />
              Revoke preview link
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
    </Panel>
  );
}
