import {
  BarChart3,
  Bot,
  Calendar,
  CheckCircle2,
  Database,
  FileText,
  Globe,
  GraduationCap,
  Handshake,
  Inbox,
  Layers,
  Library,
  Mail,
  Map,
  MessageSquare,
  Package,
  PlayCircle,
  Search,
  Shield,
  Sheet,
  Sparkles,
  TrendingUp,
  Users,
  Workflow,
  Wrench,
  type LucideIcon,
} from "lucide-react";

/** Icon keys used by app/content/landing.ts, drawn with self-hosted lucide SVG icons. */
export const icons: Record<string, LucideIcon> = {
  inbox: Inbox,
  search: Search,
  chart: BarChart3,
  file: FileText,
  users: Users,
  calendar: Calendar,
  check: CheckCircle2,
  bot: Bot,
  mail: Mail,
  database: Database,
  globe: Globe,
  handshake: Handshake,
  layers: Layers,
  shield: Shield,
  map: Map,
  wrench: Wrench,
  package: Package,
  trending: TrendingUp,
  library: Library,
  graduation: GraduationCap,
  video: PlayCircle,
  workflow: Workflow,
  chat: MessageSquare,
  sheet: Sheet,
  sparkles: Sparkles,
};

export function Icon({ name, className }: { name: string; className?: string }) {
  const Component = icons[name] ?? Sparkles;
  return <Component aria-hidden="true" className={className} />;
}

/** A tool name's icon (generic pictograms, no third-party marks). */
export function toolIcon(tool: string): string {
  const t = tool.toLowerCase();
  if (/(gmail|mail|apollo)/.test(t)) return "mail";
  if (/(calendar)/.test(t)) return "calendar";
  if (/(slack|chat)/.test(t)) return "chat";
  if (/(airtable|sheet|spreadsheet)/.test(t)) return "sheet";
  if (/(notion|docusign|docs)/.test(t)) return "file";
  if (/(hubspot|salesforce|affinity|crm)/.test(t)) return "database";
  if (/(linkedin|greenhouse|bamboo)/.test(t)) return "users";
  if (/(database)/.test(t)) return "database";
  if (/(ai)/.test(t)) return "bot";
  return "workflow";
}
