import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/audit-log";
import { requireAdmin } from "~/server/accounts/authz.server";
import { auditPage, readAuditFilters } from "~/server/admin/audit.server";
import { db } from "~/server/db/client.server";
import { readOrFail } from "~/server/site/records.server";
import { ADMIN_PAGE_SIZE } from "~/lib/admin-lists";
import { AUDIT_GROUPS, auditActionLabel } from "~/lib/audit";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { ListPager } from "~/components/admin/list-controls";
import { buttonClass } from "~/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** ?person= (an address or its beginning), ?type= (a group or one action), ?from= / ?to= (UTC days), ?page= (25 a page), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readAuditFilters(request);
  const list = await readOrFail("Audit log", async () => auditPage(await db(), filters));
  return {
    filters,
    ...list,
    items: list.items.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actorEmail: e.actorEmail,
      actorId: e.actorId,
      action: e.action,
      targetType: e.targetType,
      targetLabel: e.targetLabel,
      summary: e.summary,
      before: e.before,
      after: e.after,
      ip: e.ip,
    })),
  };
}

export function meta() {
  return [{ title: "Audit log · Admin" }, { name: "robots", content: "noindex" }];
}

type Entry = Route.ComponentProps["loaderData"]["items"][number];

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;

export default function AdminAuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, items, total, page } = loaderData;
  const filtered = Boolean(filters.person || filters.type || filters.from || filters.to);
  return (
    <AdminPage
      title="Audit log"
      description="Who changed what and when: every back-office change, sign-in and failed sign-in, kept for a year. Entries cannot be edited."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
    >
      <Filters filters={filters} filtered={filtered} />
      {items.length > 0 ? (
        <EntryTable entries={items} />
      ) : (
        <Panel className="py-12 text-center">
          <p className="font-semibold">{filtered ? "No entries match these filters" : "No entries yet"}</p>
          {filtered ? (
            <p className="mt-1 text-sm text-muted">
              <Link to="/admin/audit-log" className="underline">
                Clear filters
              </Link>
            </p>
          ) : null}
        </Panel>
      )}
      <ListPager label="Audit log entries" page={page} pageSize={ADMIN_PAGE_SIZE} total={total} />
    </AdminPage>
  );
}

const fieldClass =
  "h-9 w-full rounded-lg border border-border bg-surface px-3 text-sm focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-2";

/** A plain GET form: the filters live in the URL (reload, share, back), page 1 after every change. */
function Filters({ filters, filtered }: { filters: { person: string; type: string; from: string; to: string }; filtered: boolean }) {
  const id = useId();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/audit-log";
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter the audit log"
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end"
    >
      <div>
        <label htmlFor={`${id}-person`} className="mb-1 block text-sm font-medium">
          Person
        </label>
        <input
          id={`${id}-person`}
          name="person"
          type="search"
          defaultValue={filters.person}
          placeholder="Email address or its beginning"
          autoComplete="off"
          maxLength={320}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-type`} className="mb-1 block text-sm font-medium">
          Type
        </label>
        <select id={`${id}-type`} name="type" defaultValue={filters.type} className={fieldClass}>
          <option value="">Any type</option>
          {Object.entries(AUDIT_GROUPS).map(([group, { label, actions }]) => (
            <optgroup key={group} label={label}>
              <option value={group}>All: {label}</option>
              {Object.entries(actions).map(([action, text]) => (
                <option key={action} value={action}>
                  {text}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className="mb-1 block text-sm font-medium">
          From
        </label>
        <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from} aria-describedby={`${id}-utc`} className={fieldClass} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="mb-1 block text-sm font-medium">
          To
        </label>
        <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} aria-describedby={`${id}-utc`} className={fieldClass} />
      </div>
      <div className="flex items-center gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={buttonClass({ size: "sm" })} aria-busy={loading || undefined}>
          {loading ? "Filtering…" : "Filter"}
        </button>
        {filtered ? (
          <Link to="/admin/audit-log" className={buttonClass({ variant: "outline", size: "sm" })}>
            Clear filters
          </Link>
        ) : null}
      </div>
      <p id={`${id}-utc`} className="text-xs text-muted sm:col-span-2 lg:col-span-5">
        Dates and times are UTC; both days are included.
      </p>
    </Form>
  );
}

function EntryTable({ entries }: { entries: Entry[] }) {
  return (
    <Table framed stickyHeader density="compact">
      <TableCaption>Audit log entries, newest first</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="whitespace-nowrap">When</TableHead>
          <TableHead from="md">Who</TableHead>
          <TableHead>What</TableHead>
          <TableHead from="lg">Target</TableHead>
          <TableHead from="sm">Summary</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((e) => (
          <TableRow key={e.id} className="align-top">
            <TableCell className="font-mono text-xs whitespace-nowrap text-muted">
              <time dateTime={e.at}>{when(e.at)}</time>
            </TableCell>
            <TableCell from="md" className="max-w-56 break-all">
              <Who entry={e} />
            </TableCell>
            <TableCell>
              <p className="font-medium">{auditActionLabel(e.action)}</p>
              <div className="mt-1 space-y-1 text-xs text-muted md:hidden">
                <p className="break-all">
                  <Who entry={e} />
                </p>
                <div className="sm:hidden">
                  <Summary entry={e} />
                </div>
              </div>
            </TableCell>
            <TableCell from="lg" className="max-w-48 break-words">
              {e.targetLabel ?? <span className="text-muted">—</span>}
              {e.targetType ? <span className="block text-xs text-muted">{e.targetType}</span> : null}
            </TableCell>
            <TableCell from="sm">
              <Summary entry={e} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Who({ entry }: { entry: Entry }) {
  if (!entry.actorEmail) return <span className="text-muted">System</span>;
  return (
    <>
      {entry.actorEmail}
      {entry.actorId ? null : <span className="block text-xs text-muted">no account</span>}
      {entry.ip ? <span className="block text-xs text-muted">{entry.ip}</span> : null}
    </>
  );
}

/** The summary, and the changed fields (before → after) behind a disclosure. */
function Summary({ entry }: { entry: Entry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return (
    <div className="min-w-0">
      <p className="break-words">{entry.summary}</p>
      {keys.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-accent underline">Changes</summary>
          <dl className="mt-1 space-y-1 text-xs">
            {keys.map((key) => (
              <div key={key}>
                <dt className="font-semibold">{key}</dt>
                <dd className="break-words text-muted">
                  {entry.before && key in entry.before ? (
                    <>
                      <span className="sr-only">Before: </span>
                      <span>{show(entry.before[key])}</span> <span aria-hidden="true">→</span>
                      <span className="sr-only"> after: </span>{" "}
                    </>
                  ) : null}
                  <span className="text-foreground">{entry.after && key in entry.after ? show(entry.after[key]) : "(removed)"}</span>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </div>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}
