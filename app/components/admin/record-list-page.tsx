import type { ReactNode } from "react";
import { LayoutDashboard, Plus } from "lucide-react";
import type { ListRead, Toast } from "~/lib/form-result";
import { AdminPage, ListBody } from "./admin-page";
import { useToastFrom } from "./use-toast-from";

/**
 * An admin list screen: heading and actions, the list (or its failure or empty state), and the
 * toasts of the last load and the last in-place action (delete, mark as handled).
 * `back` is 'Dashboard' with 'Sign Out' (posts, team) or 'Back to Dashboard' (testimonials, leads).
 */
export function RecordListPage({
  title,
  description,
  back,
  create,
  list,
  count = list.items.length,
  actionToast,
  empty,
  children,
}: {
  title: string;
  description: string;
  back: "dashboard" | "back-to-dashboard";
  create?: { to: string; label: string };
  list: ListRead<unknown>;
  /** How many records there are (the empty state shows at 0); a filtered or paged list passes its own. */
  count?: number;
  actionToast: Toast | undefined;
  empty: { text: string; action?: { to: string; label: string } };
  children: ReactNode;
}) {
  useToastFrom(actionToast);
  useToastFrom(list.error);
  return (
    <AdminPage
      title={title}
      description={description}
      back={back === "back-to-dashboard" ? { to: "/admin/dashboard", label: "Back to Dashboard" } : undefined}
      secondary={back === "dashboard" ? [{ to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard }] : []}
      primary={create ? { ...create, icon: Plus } : undefined}
      signOut={back === "dashboard"}
    >
      <ListBody failure={list.error} count={count} empty={empty}>
        {children}
      </ListBody>
    </AdminPage>
  );
}
