import { useEffect } from "react";
import { toast, type ToastVariant } from "~/components/ui/toast";

export type ToastMessage = { id: string; title: string; description?: string; variant?: ToastVariant };

/** Shows a toast that came from the server (action data or the flash cookie) once per message id. */
export function useToastFrom(message: ToastMessage | null | undefined) {
  const id = message?.id;
  useEffect(() => {
    if (!message) return;
    toast({ title: message.title, description: message.description, variant: message.variant });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
}
