import { Form } from "react-router";
import { LogOut } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

/** 'Sign Out': ends the session on the server and returns to /admin/auth. */
export function SignOutButton() {
  return (
    <Form method="post" action="/admin/auth" className="contents">
      <input type="hidden" name="intent" value="sign-out" />
      <button type="submit" className={buttonClass({ variant: "ghost", size: "sm" })}>
        <LogOut aria-hidden="true" className="size-4" />
        Sign Out
      </button>
    </Form>
  );
}
