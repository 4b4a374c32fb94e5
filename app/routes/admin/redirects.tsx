import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ArrowRight } from "lucide-react";
import type { Route } from "./+types/redirects";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readAdminForm } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { listRedirects, redirectsAction, topNotFound, type NotFoundRow, type RedirectRow } from "~/server/site/redirects.server";
import { ErrorSummary, useFormErrors } from "~/components/admin/form-errors";
import { makeToast, isFormFailure, type Toast } from "~/lib/form-result";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // 'Redirect' next to a not-found path opens this page with the form filled in.
  const prefill = { from: params.get("from")?.slice(0, 300) ?? "", to: params.get("to")?.slice(0, 2000) ?? "" };
  try {
    const database = await db();
    const [redirects, notFound] = await Promise.all([listRedirects(database), topNotFound(database)]);
    return { redirects, notFound, prefill, error: null };
  } catch (error) {
    log.error("loading redirects failed", { error: errorText(error) });
    const failure: Toast = makeToast("Error loading redirects", "The redirects could not be loaded. Please try again.", "destructive");
    return { redirects: [] as RedirectRow[], notFound: [] as NotFoundRow[], prefill, error: failure };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { form } = await readAdminForm(request, "Error saving redirect");
  return redirectsAction(await db(), form);
}

export function meta() {
  return [{ title: "Redirects · Admin" }, { name: "robots", content: "noindex" }];
}

/** What 'Redirect' proposes as the target of a missing path: the blog for an old post address, else the home page. */
function suggestedTarget(path: string) {
  return path.startsWith("/blog/") ? "/blog" : "/";
}

export default function AdminRedirects({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, notFound, prefill, error } = loaderData;
  useToastFrom(error);
  useToastFrom(actionData?.toast);
  const failure = isFormFailure(actionData) ? actionData : null;
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary } = useFormErrors(failure ?? undefined, formRef);
  const navigation = useNavigation();
  const adding = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const typed = (name: "from" | "to") => {
    const value = failure?.values[name];
    return typeof value === "string" ? value : prefill[name];
  };

  return (
    <AdminPage
      title="Redirects"
      description="Old addresses that send visitors on to a new one (301), and the addresses visitors found missing."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
    >
      <div className="space-y-10">
        <section aria-labelledby="add-redirect">
          <Panel>
            <h2 id="add-redirect" className="mb-4 text-xl font-semibold">
              Add a redirect
            </h2>
            <ErrorSummary {...summary} />
            <Form
              ref={formRef}
              method="post"
              id="redirect-form"
              key={`${prefill.from}|${prefill.to}|${failure?.toast.id ?? ""}`}
              className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            >
              <input type="hidden" name="intent" value="add" />
              <TextField
                name="from"
                label="From"
                required
                maxLength={300}
                placeholder="/old-address"
                defaultValue={typed("from")}
                error={errors.from}
                hint="A path of this site, e.g. /blog/old-slug"
              />
              <TextField
                name="to"
                label="To"
                required
                maxLength={2000}
                placeholder="/blog/new-slug"
                defaultValue={typed("to")}
                error={errors.to}
                hint="A path or an http(s) address"
              />
              <button type="submit" disabled={adding} className={buttonClass({ className: "sm:mt-7" })}>
                {adding ? "Adding..." : "Add redirect"}
              </button>
            </Form>
          </Panel>
        </section>

        <section aria-labelledby="redirect-list">
          <h2 id="redirect-list" className="mb-3 text-xl font-semibold">
            Redirects
          </h2>
          {redirects.length === 0 ? (
            <p className="text-sm text-muted">No redirects yet. Changing the slug of a published post adds one.</p>
          ) : (
            <ul className="space-y-3" aria-label="Redirects">
              {redirects.map((r) => (
                <li key={r.id}>
                  <RedirectItem redirect={r} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="not-found-list">
          <h2 id="not-found-list" className="mb-1 text-xl font-semibold">
            Most frequent not-found paths
          </h2>
          <p className="mb-3 text-sm text-muted">Addresses that answered “page not found”, with how often. Turn one into a redirect in one click.</p>
          {notFound.length === 0 ? (
            <p className="text-sm text-muted">No missing pages recorded.</p>
          ) : (
            <ul className="space-y-2" aria-label="Not-found paths">
              {notFound.map((row) => (
                <li key={row.path}>
                  <Panel className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:py-3">
                    <div className="min-w-0">
                      <code className="font-mono text-sm break-all">{row.path}</code>
                      <p className="text-xs text-muted">
                        <span data-testid="not-found-count">{row.hits}</span> {row.hits === 1 ? "visit" : "visits"}
                      </p>
                    </div>
                    <Link
                      to={`?${new URLSearchParams({ from: row.path, to: suggestedTarget(row.path) }).toString()}#redirect-form`}
                      preventScrollReset={false}
                      aria-label={`Redirect ${row.path}`}
                      className={buttonClass({ variant: "outline", size: "sm", className: "shrink-0 self-start sm:self-auto" })}
                    >
                      Redirect
                    </Link>
                  </Panel>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

function RedirectItem({ redirect }: { redirect: RedirectRow }) {
  return (
    <Panel className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:py-4">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-mono text-sm break-all">
          <span>{redirect.from}</span>
          <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
          <span className="sr-only">redirects to</span>
          <span>{redirect.to}</span>
        </p>
        <p className="mt-1 text-xs text-muted">
          {redirect.hits} {redirect.hits === 1 ? "hit" : "hits"} · {redirect.source === "slug-change" ? "slug change" : "added by hand"}
        </p>
      </div>
      <Form method="post" className="shrink-0">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={redirect.id} />
        <button
          type="submit"
          aria-label={`Remove redirect from ${redirect.from}`}
          className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
        >
          Remove
        </button>
      </Form>
    </Panel>
  );
}
