import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import {
  ChartColumn,
  ChevronUp,
  ExternalLink,
  FileText,
  Inbox,
  LayoutDashboard,
  Menu,
  MessageSquareQuote,
  ScrollText,
  Settings,
  ShieldCheck,
  Signpost,
  Trash2,
  UserCog,
  Users,
  X,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/cn";
import { SignOutButton } from "~/components/admin/sign-out-button";
import { buttonClass } from "~/components/ui/button";

/** The figures beside 'Leads' and 'Users' (null when they could not be read). */
export type ShellCounts = { newLeads: number; waitingAccounts: number } | null;

type NavItem = { to: string; label: string; icon: LucideIcon; count?: { n: number; what: string } };

function navItems(counts: ShellCounts): NavItem[] {
  return [
    { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
    { to: "/admin/blog", label: "Posts", icon: FileText },
    { to: "/admin/team", label: "Team", icon: Users },
    { to: "/admin/testimonials", label: "Testimonials", icon: MessageSquareQuote },
    { to: "/admin/leads", label: "Leads", icon: Inbox, count: counts ? { n: counts.newLeads, what: "new" } : undefined },
    { to: "/admin/users", label: "Users", icon: UserCog, count: counts ? { n: counts.waitingAccounts, what: "waiting" } : undefined },
    { to: "/admin/trash", label: "Trash", icon: Trash2 },
    { to: "/admin/redirects", label: "Redirects", icon: Signpost },
    { to: "/admin/analytics", label: "Analytics", icon: ChartColumn },
    { to: "/admin/settings", label: "Settings", icon: Settings },
    { to: "/admin/audit-log", label: "Audit log", icon: ScrollText },
  ];
}

/** The section a path belongs to: /admin/blog/edit/x is under 'Posts'. */
function isCurrent(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * The back-office frame: a sidebar on wide screens (1024 px and up), a top bar with a 'Menu'
 * button opening the same navigation on narrower ones. The current section is marked with
 * aria-current="page"; 'Leads' and 'Users' carry their counts; the account menu shows who is
 * signed in and 'Sign Out'.
 */
export function AdminShell({ brand, email, counts, children }: { brand: string; email: string; counts: ShellCounts; children: ReactNode }) {
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const items = navItems(counts);

  // Escape closes the phone menu and gives focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--color-primary)_10%,transparent),transparent_55%)] lg:grid lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface/70 backdrop-blur lg:flex">
        <Brand brand={brand} className="px-5 pt-5 pb-4" />
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3">
          <NavList items={items} pathname={pathname} />
        </nav>
        <div className="border-t border-border p-3">
          <AccountMenu email={email} />
        </div>
      </aside>

      <div className="min-w-0">
        <header className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur lg:hidden">
          <div className="flex h-14 items-center justify-between gap-4 px-4 sm:px-6">
            <Brand brand={brand} />
            <button
              ref={toggle}
              type="button"
              aria-expanded={menuOpen}
              aria-controls="admin-menu"
              onClick={() => setMenuOpen((open) => !open)}
              className="-mr-2 inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-medium hover:bg-surface-2"
            >
              {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
              Menu
            </button>
          </div>
          <div id="admin-menu" hidden={!menuOpen} className="max-h-[calc(100dvh-3.5rem)] overflow-y-auto border-t border-border px-3 pt-2 pb-4">
            <nav aria-label="Admin">
              <NavList items={items} pathname={pathname} onNavigate={() => setMenuOpen(false)} />
            </nav>
            <div className="mt-3 border-t border-border px-3 pt-3">
              <p className="truncate text-sm text-muted">
                Signed in as <span className="text-foreground">{email}</span>
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <AccountLink onNavigate={() => setMenuOpen(false)} />
                <SignOutButton />
              </div>
            </div>
          </div>
        </header>
        {children}
      </div>
    </div>
  );
}

/** The header of the waiting and error screens: the brand alone, no navigation. */
export function AdminBareFrame({ brand, children }: { brand: string; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--color-primary)_10%,transparent),transparent_55%)]">
      <header className="border-b border-border bg-surface/70 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand brand={brand} />
        </div>
      </header>
      {children}
    </div>
  );
}

function Brand({ brand, className }: { brand: string; className?: string }) {
  return (
    <Link to="/admin/dashboard" className={cn("block font-semibold tracking-tight", className)}>
      {brand} <span className="text-muted">admin</span>
    </Link>
  );
}

function NavList({ items, pathname, onNavigate }: { items: NavItem[]; pathname: string; onNavigate?: () => void }) {
  return (
    <ul className="space-y-0.5">
      {items.map(({ to, label, icon: Icon, count }) => {
        const current = isCurrent(pathname, to);
        const counted = count && count.n > 0 ? count : null;
        return (
          <li key={to}>
            <Link
              to={to}
              aria-current={current ? "page" : undefined}
              aria-label={counted ? `${label}, ${counted.n} ${counted.what}` : undefined}
              onClick={onNavigate}
              className={cn(
                "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground",
                current && "bg-primary/15 text-foreground",
              )}
            >
              <Icon aria-hidden="true" className={cn("size-4 shrink-0", current && "text-primary")} />
              {/* The name reads "Leads, 3 new"; the badge shows the number. */}
              <span className="flex-1">{counted ? `${label} ` : label}</span>
              {counted ? (
                <span aria-hidden="true" className="rounded-full bg-primary-strong px-2 py-0.5 text-xs font-semibold text-white tabular-nums">
                  {counted.n}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
      <li>
        {/* A plain link: the public site is loaded as its own document (island pages), never rendered by the React app. */}
        <a
          href="/"
          onClick={onNavigate}
          className="mt-2 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
        >
          <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
          View site
        </a>
      </li>
    </ul>
  );
}

/** 'Account and security': two-factor sign-in and the signed-in devices (/admin/account). */
function AccountLink({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Link to="/admin/account" onClick={onNavigate} className={buttonClass({ variant: "ghost", size: "sm" })}>
      <ShieldCheck aria-hidden="true" className="size-4" />
      Account and security
    </Link>
  );
}

/** 'Account': who is signed in, 'Account and security' and 'Sign Out'; closes with Escape or a click elsewhere. */
function AccountMenu({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <div id={panelId} hidden={!open} className="absolute inset-x-0 bottom-full mb-2 rounded-xl border border-border bg-surface-2 p-3 shadow-2xl">
        <p className="text-xs text-muted">Signed in as</p>
        <p className="mb-2 truncate text-sm font-medium">{email}</p>
        <AccountLink onNavigate={() => setOpen(false)} />
        <SignOutButton />
      </div>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm hover:bg-surface-2"
      >
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/20 text-xs font-semibold text-primary uppercase"
        >
          {email.slice(0, 1)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-muted">Account</span>
          <span className="block truncate">{email}</span>
        </span>
        <ChevronUp aria-hidden="true" className={cn("size-4 shrink-0 text-muted transition-transform", !open && "rotate-180")} />
      </button>
    </div>
  );
}
