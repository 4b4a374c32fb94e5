import { Link } from "react-router";
import { Pencil } from "lucide-react";
import { buttonClass } from "~/components/ui/button";

export function EditLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      role="button"
      aria-label={label}
      title={label}
      onKeyDown={(event) => {
        if (event.key === " ") {
          event.preventDefault();
          event.currentTarget.click();
        }
      }}
      className={buttonClass({ variant: "ghost", size: "icon" })}
    >
      <Pencil aria-hidden="true" className="size-4" />
    </Link>
  );
}
