import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Menu, X } from "lucide-react";
import { navigation } from "~/content/site";
import { headerScroll, type HeaderScroll } from "~/content/motion";
import { buttonClass } from "~/components/ui/button";
import { BrandLogo } from "./brand-logo";
import { newTabLink } from "~/components/ui/new-tab";

const loadDiscoveryDialog = () => import("./discovery-dialog");
const DiscoveryDialog = lazy(() => loadDiscoveryDialog().then((m) => ({ default: m.DiscoveryDialog })));

/**
 * The header: transparent at the top; blurred over an opaque-enough background as soon as content
 * scrolls under it (so no text runs through the logo), and bordered too past 100 px (SPEC.md's
 * scrolled bar); always that background without JavaScript, which cannot follow the scroll. A menu
 * on small screens.
 * An island of the public pages (plain links: moving between pages is a page load, made quick by
 * the speculation rules in app/root.tsx).
 */
export function Header({
  brand,
  communityUrl,
  schedulingUrl,
  label,
}: {
  brand: string;
  communityUrl: string;
  schedulingUrl: string;
  /** The banner's name: none on the site; the back-office's preview names its own (app/routes/admin/site-preview.tsx). */
  label?: string;
}) {
  const [scroll, setScroll] = useState<HeaderScroll>({ covered: false, scrolled: false });
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialogOpen, setDialogOpenState] = useState(false);
  const [dialogUsed, setDialogUsed] = useState(false);
  // The dialog's code loads on first use (hover or focus starts fetching it).
  const setDialogOpen = (open: boolean) => {
    if (open) setDialogUsed(true);
    setDialogOpenState(open);
  };
  const prefetchDialog = () => void loadDiscoveryDialog();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Stable, so the dialog's open effect does not run again while it is open.
  const focusToggle = useCallback(() => toggleRef.current, []);
  const [openedFromMenu, setOpenedFromMenu] = useState(false);

  useEffect(() => {
    const update = () =>
      setScroll((previous) => {
        const next = headerScroll(window.scrollY);
        return next.covered === previous.covered && next.scrolled === previous.scrolled ? previous : next;
      });
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);
  const linkClass = "rounded-md px-1 py-2 text-sm font-medium text-foreground/85 transition-colors hover:text-foreground";
  const links = (onChoose?: () => void, className = linkClass) => (
    <>
      <a href={navigation.services.href} className={className} onClick={onChoose}>
        {navigation.services.label}
      </a>
      <a href={navigation.blog.href} className={className} onClick={onChoose}>
        {navigation.blog.label}
      </a>
      <a href={communityUrl} {...newTabLink} className={className} onClick={onChoose}>
        {navigation.community.label}
      </a>
    </>
  );

  return (
    <header
      aria-label={label}
      data-covered={scroll.covered || menuOpen ? "true" : "false"}
      data-scrolled={scroll.scrolled || menuOpen ? "true" : "false"}
      // Until the island is live (it starts on first use), app/boot/behaviours.ts keeps both.
      data-scroll-header=""
      className="fixed inset-x-0 top-0 z-50 border-b border-transparent bg-transparent transition-[background-color,border-color,backdrop-filter] duration-300 noscript:bg-background/85 noscript:backdrop-blur-xl data-[covered=true]:bg-background/85 data-[covered=true]:backdrop-blur-xl data-[scrolled=true]:border-border"
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2">
        {navigation.skipToContent}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-5 sm:px-8 lg:h-20">
        <a href="/" aria-label={`${brand} ${navigation.home}`} className="rounded-md" onClick={close}>
          <BrandLogo brand={brand} />
        </a>
        <nav aria-label={navigation.mainNavLabel} className="hidden items-center gap-8 md:flex">
          {links()}
        </nav>
        <div className="flex items-center gap-2">
          {/* Without JavaScript: the scheduling page itself, on every screen (the menu cannot open). */}
          <div className="hidden md:block noscript:block">
            <button
              type="button"
              aria-haspopup="dialog"
              onPointerEnter={prefetchDialog}
              onFocus={prefetchDialog}
              onClick={() => {
                setOpenedFromMenu(false);
                setDialogOpen(true);
              }}
              className={buttonClass({ size: "sm", className: "noscript:hidden" })}
              data-cta="work-with-us"
            >
              {navigation.workWithUs}
            </button>
            <noscript>
              <a href={schedulingUrl} className={buttonClass({ size: "sm" })}>
                {navigation.workWithUs}
              </a>
            </noscript>
          </div>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? navigation.closeMenu : navigation.openMenu}
            onClick={() => setMenuOpen((v) => !v)}
            className="rounded-full p-2 text-foreground hover:bg-surface-2 md:hidden noscript:hidden"
          >
            {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          </button>
        </div>
      </div>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-border md:hidden">
        <nav aria-label={navigation.mobileNavLabel} className="mx-auto flex max-w-7xl flex-col gap-1 px-5 py-4">
          {links(close, "rounded-lg px-3 py-3 text-base font-medium hover:bg-surface-2")}
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              close();
              setOpenedFromMenu(true);
              setDialogOpen(true);
            }}
            className={buttonClass({ className: "mt-2 w-full" })}
            data-cta="work-with-us-menu"
          >
            {navigation.workWithUs}
          </button>
        </nav>
      </div>
      {dialogUsed ? (
        <Suspense fallback={null}>
          {/* The menu closed when the dialog opened from it: focus goes back to the menu button. */}
          <DiscoveryDialog
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            schedulingUrl={schedulingUrl}
            returnFocus={openedFromMenu ? focusToggle : undefined}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
