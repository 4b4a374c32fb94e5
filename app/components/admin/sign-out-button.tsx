import { Form } from "react-router";
import { LogOut } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { COMPACT_CONTROL, CompactLabel } from "./compact-control";

/**
 * 'Sign Out': ends the session on the server and returns to /admin/auth. `compact` (a screen's
 * header): an icon on a phone, labelled from 768 px up; its name is 'Sign Out' either way.
 */
export function SignOutButton({ compact = false }: { compact?: boolean }) {
  return (
    <Form method="post" action="/admin/auth" className="contents">
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className={buttonClass({ variant: "ghost", size: "sm", className: compact ? COMPACT_CONTROL : undefined })}>
        <LogOut aria-hidden="true" className="size-4" />
        {compact ? <CompactLabel>Sign Out</CompactLabel> : "Sign Out"}
      </button>
    </Form>
  );
}
