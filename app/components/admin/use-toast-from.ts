import { useEffect } from "react";
import { toast } from "~/components/ui/toast";
import type { Toast } from "~/lib/form-result";

/** Shows a toast that came from the server (action data, a load error or the flash cookie) once per message id. */
export function useToastFrom(message: Toast | null | undefined) {
  const { id, title, description, variant } = message ?? {};
  useEffect(() => {
    if (id && title) toast({ title, description, variant });
  }, [id, title, description, variant]);
}
