import { useId } from "react";
import { Link } from "react-router";
import {
  ChartColumn,
  ExternalLink,
  FileText,
  Inbox,
  LayoutDashboard,
  PanelsTopLeft,
  MessageSquareQuote,
  ScrollText,
  Settings,
  Signpost,
  Tags,
  Trash2,
  Trophy,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";
import { cn } from "~/lib/cn";

/** The figures beside 'Leads' and 'Users' (null when they could not be read). */
export type ShellCounts = { newLeads: number; waitingAccounts: number } | null;

type NavItem = { to: string; label: string; icon: LucideIcon; count?: { n: number; what: string } };
type NavGroup = { label: string; items: NavItem[] };

/** 'Dashboard', the overview of every group, stands above them. */
const DASHBOARD: NavItem = { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard };

/** The sections by what the owner does there: the site's content, bringing work in, running the back-office. */
function navGroups(counts: ShellCounts): NavGroup[] {
  return [
    {
      label: "Content",
      items: [
        { to: "/admin/site", label: "Landing page", icon: PanelsTopLeft },
        { to: "/admin/blog", label: "Posts", icon: FileText },
        { to: "/admin/case-studies", label: "Case studies", icon: Trophy },
        { to: "/admin/tags", label: "Tags", icon: Tags },
        { to: "/admin/team", label: "Team", icon: Users },
        { to: "/admin/testimonials", label: "Testimonials", icon: MessageSquareQuote },
        { to: "/admin/trash", label: "Trash", icon: Trash2 },
        { to: "/admin/redirects", label: "Redirects", icon: Signpost },
      ],
    },
    {
      label: "Growth",
      items: [
        { to: "/admin/leads", label: "Leads", icon: Inbox, count: counts ? { n: counts.newLeads, what: "new" } : undefined },
        { to: "/admin/analytics", label: "Analytics", icon: ChartColumn },
      ],
    },
    {
      label: "Admin",
      items: [
        { to: "/admin/users", label: "Users", icon: UserCog, count: counts ? { n: counts.waitingAccounts, what: "waiting" } : undefined },
        { to: "/admin/settings", label: "Settings", icon: Settings },
        { to: "/admin/audit-log", label: "Audit log", icon: ScrollText },
      ],
    },
  ];
}

/** The section a path belongs to: /admin/blog/edit/x is under 'Posts'. */
function isCurrent(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

const ITEM = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-foreground";

/**
 * The navigation's lists: 'Dashboard', then each group as a list labelled by its name (Content,
 * Growth, Admin), then 'View site'. The current section is marked with aria-current="page".
 */
export function NavLists({ counts, pathname, onNavigate }: { counts: ShellCounts; pathname: string; onNavigate?: () => void }) {
  const id = useId();
  return (
    <>
      <ul className="space-y-0.5">
        <NavEntry item={DASHBOARD} pathname={pathname} onNavigate={onNavigate} />
      </ul>
      {navGroups(counts).map((group) => (
        <div key={group.label} className="mt-4">
          <p id={`${id}-${group.label}`} className="mb-1 px-3 text-xs font-semibold tracking-wider text-muted uppercase">
            {group.label}
          </p>
          <ul aria-labelledby={`${id}-${group.label}`} className="space-y-0.5">
            {group.items.map((item) => (
              <NavEntry key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))}
          </ul>
        </div>
      ))}
      <ul className="mt-4 border-t border-border pt-2">
        <li>
          {/* A plain link: the public site is loaded as its own document (island pages), never rendered by the React app. */}
          <a href="/" onClick={onNavigate} className={ITEM}>
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            View site
          </a>
        </li>
      </ul>
    </>
  );
}

function NavEntry({ item: { to, label, icon: Icon, count }, pathname, onNavigate }: { item: NavItem; pathname: string; onNavigate?: () => void }) {
  const current = isCurrent(pathname, to);
  const counted = count && count.n > 0 ? count : null;
  return (
    <li>
      <Link
        to={to}
        aria-current={current ? "page" : undefined}
        aria-label={counted ? `${label}, ${counted.n} ${counted.what}` : undefined}
        onClick={onNavigate}
        className={cn(ITEM, current && "bg-primary/15 text-foreground")}
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
}
