import { throwError } from "~/lib/error-payload";
import { recordId } from "~/lib/admin-validation";

/** The message of an error and of its cause (drivers wrap the database's own message); for logs only. */
export function errorText(error: unknown) {
  const own = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return own + cause;
}

/** 404 for an unknown record; the admin error boundary also shows its 'Error loading …' toast. */
export function notFound(what: string): never {
  throwError(
    404,
    { message: `${what} not found. It may have been deleted.`, toastTitle: `Error loading ${what.toLowerCase()}` },
    { statusText: `${what} not found` },
  );
}

/** A record id route parameter (lower-cased), else a 404: an unknown id is a clear not-found. */
export function requireRecordId(value: string | undefined, what: string): string {
  const parsed = recordId().safeParse(value);
  if (!parsed.success) notFound(what);
  return parsed.data;
}

/** The plain 404 of the site's files: /llms.txt and /blog/{slug}.md (unknown, a draft, or AI_CRAWLERS=off), /sitemaps/N.xml past the last. */
export function notFoundText() {
  return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
