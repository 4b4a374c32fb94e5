import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeft, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { buttonClass, type ButtonVariants } from "~/components/ui/button";
import { SignOutButton } from "./sign-out-button";
import { COMPACT_CONTROL, CompactLabel } from "./compact-control";

/** A header control: a back-office screen (`to`, a link with the button role) or a file (`download`, a plain link). */
export type HeaderAction = { label: string; icon: LucideIcon } & ({ to: string } | { download: string });

/**
 * The frame of every back-office screen and its one header pattern: an optional `back` link, small
 * above the title; then one line of the title, the `secondary` controls (an icon on a phone, the
 * label from 768 px up; the accessible name is always the label), the one `primary` action
 * (always labelled) and `signOut`; then the intro. The line never wraps: the title gives way (it
 * is truncated last, when nothing else fits).
 */
export function AdminPage({
  title,
  description,
  back,
  primary,
  secondary = [],
  signOut = false,
  children,
  width = "wide",
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  primary?: { to: string; label: string; icon: LucideIcon };
  secondary?: HeaderAction[];
  signOut?: boolean;
  children: ReactNode;
  width?: "wide" | "narrow";
}) {
  return (
    <main id="main" tabIndex={-1} className={cn("mx-auto w-full px-4 py-5 outline-none sm:px-6 sm:py-10", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>
      <header data-admin-header="" className="mb-5 sm:mb-8">
        {back ? (
          <LinkButton to={back.to} variant="ghost" className="mb-1 -ml-2 h-7 gap-1 px-2 text-xs font-medium text-muted hover:text-foreground sm:text-sm">
            <ArrowLeft aria-hidden="true" className="size-3.5" />
            {back.label}
          </LinkButton>
        ) : null}
        <div className="flex items-center gap-2 sm:gap-3">
          <h1 tabIndex={-1} className="min-w-0 flex-1 truncate text-xl font-bold tracking-tight outline-none sm:text-3xl">
            {title}
          </h1>
          {secondary.length > 0 || primary || signOut ? (
            <div className="flex shrink-0 items-center gap-1 sm:gap-2">
              {secondary.map((action) => (
                <SecondaryAction key={action.label} action={action} />
              ))}
              {primary ? (
                <LinkButton to={primary.to} variant="primary" className="gap-1.5 px-3 sm:px-4">
                  <primary.icon aria-hidden="true" className="hidden size-4 sm:block" />
                  {primary.label}
                </LinkButton>
              ) : null}
              {signOut ? <SignOutButton compact /> : null}
            </div>
          ) : null}
        </div>
        {description ? <p className="mt-1.5 text-sm text-muted sm:text-base">{description}</p> : null}
      </header>
      {children}
    </main>
  );
}

function SecondaryAction({ action }: { action: HeaderAction }) {
  const inside = (
    <>
      <action.icon aria-hidden="true" className="size-4" />
      <CompactLabel>{action.label}</CompactLabel>
    </>
  );
  if ("download" in action) {
    return (
      <a href={action.download} download className={buttonClass({ variant: "outline", size: "sm", className: COMPACT_CONTROL })}>
        {inside}
      </a>
    );
  }
  return (
    <LinkButton to={action.to} className={COMPACT_CONTROL}>
      {inside}
    </LinkButton>
  );
}

/**
 * The back-office navigation buttons ("Dashboard", "New Post", "Back to …", edit): a real link
 * (works without JavaScript, opens in a new tab) exposed with the button role, since the screens
 * present them as buttons; Space activates it like a button. Small outline buttons unless told.
 */
export function LinkButton({
  to,
  children,
  variant = "outline",
  size = "sm",
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
} & ButtonVariants) {
  return (
    <Link
      to={to}
      role="button"
      onKeyDown={(event) => {
        if (event.key === " ") {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
      className={buttonClass({ variant, size, className })}
    >
      {children}
    </Link>
  );
}

/** A card-like panel for lists and forms. */
export function Panel({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("rounded-2xl border border-border bg-surface p-5 sm:p-6", className)}>{children}</div>;
}

/**
 * A list screen's body: a notice with a retry when the records could not be read (the toast says
 * so too), the empty state when there are none, else the list itself.
 */
export function ListBody({
  failure,
  count,
  empty,
  children,
}: {
  failure: { description?: string } | null;
  count: number;
  empty: { text: string; action?: { to: string; label: string } };
  children: ReactNode;
}) {
  const { pathname, search } = useLocation();
  if (failure) {
    return (
      <Panel className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg font-semibold">{failure.description}</p>
        <LinkButton to={pathname + search} variant="primary">
          Try again
        </LinkButton>
      </Panel>
    );
  }
  if (count > 0) return children;
  return (
    <Panel className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg font-semibold">{empty.text}</p>
      {empty.action ? (
        <LinkButton to={empty.action.to} variant="primary">
          {empty.action.label}
        </LinkButton>
      ) : null}
    </Panel>
  );
}
