import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ChevronUp, Menu, ShieldCheck, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { SignOutButton } from "~/components/admin/sign-out-button";
import { buttonClass } from "~/components/ui/button";
import { NavLists, type ShellCounts } from "./admin-nav";
import { useHeadingFocus } from "./use-heading-focus";

export type { ShellCounts } from "./admin-nav";

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
  useHeadingFocus();

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
      <SkipLink />
      <aside className="sticky top-0 hidden h-dvh flex-col border-r border-border bg-surface/70 backdrop-blur lg:flex">
        <Brand brand={brand} className="px-5 pt-5 pb-4" />
        <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3">
          <NavLists counts={counts} pathname={pathname} />
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
              <NavLists counts={counts} pathname={pathname} onNavigate={() => setMenuOpen(false)} />
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
      <SkipLink />
      <header className="border-b border-border bg-surface/70 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Brand brand={brand} />
        </div>
      </header>
      {children}
    </div>
  );
}

/**
 * 'Skip to content': the first tab stop of every back-office screen, shown when focused; it moves
 * focus to `<main id="main">` (without JavaScript the fragment link does the same).
 */
function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById("main");
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="fixed top-2 left-2 z-[60] -translate-y-24 rounded-lg border border-border bg-surface-2 px-4 py-2 text-sm font-semibold shadow-lg focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}

function Brand({ brand, className }: { brand: string; className?: string }) {
  return (
    <Link to="/admin/dashboard" className={cn("block font-semibold tracking-tight", className)}>
      {brand} <span className="text-muted">admin</span>
    </Link>
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
