import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { buttonClass, type ButtonVariants } from "~/components/ui/button";

/** The frame of every back-office screen: a heading, an optional intro and the screen's own buttons. */
export function AdminPage({
  title,
  description,
  actions,
  children,
  width = "wide",
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  width?: "wide" | "narrow";
}) {
  return (
    <main id="main" className={cn("mx-auto w-full px-4 py-8 sm:px-6 sm:py-12", width === "wide" ? "max-w-6xl" : "max-w-3xl")}>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {description ? <p className="mt-2 text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </main>
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
