import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { toast } from "~/components/ui/toast";
import type { Toast } from "~/lib/form-result";

/**
 * Shows a toast that came from the server (action data, a load error or the flash cookie) once
 * per message id. A toast carrying an undo request gets an 'Undo' button that posts it; one
 * carrying a link ('View post') shows it.
 */
export function useToastFrom(message: Toast | null | undefined) {
  const submit = useSubmit();
  const shown = useRef<string | null>(null);
  const { id, title, description, variant, undo, link } = message ?? {};
  useEffect(() => {
    if (!id || !title || shown.current === id) return;
    shown.current = id;
    const action = undo
      ? {
          label: "Undo",
          onAction: () => {
            const form = new FormData();
            for (const [key, value] of Object.entries(undo.fields)) for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
            void submit(form, { method: "post", action: undo.path });
          },
        }
      : undefined;
    toast({ title, description, variant, action, link });
  }, [id, title, description, variant, undo, link, submit]);
}
