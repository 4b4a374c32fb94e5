import { useRef, useState } from "react";
import { Copy, Smartphone } from "lucide-react";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * Beside the set-up's QR code: what a phone showing the code cannot scan. The otpauth:// link
 * opens the phone's authenticator app with the whole set-up (key, issuer, account); the key,
 * grouped in fours by the server (groupSecret in account.server.ts) and selectable with one tap,
 * is copied without its spaces by 'Copy key' (where the clipboard is refused, the key is selected
 * for the system's own copy).
 */
export function TwoFactorKey({ secret, totpURI }: { secret: string; totpURI: string }) {
  const key = secret.replace(/\s+/g, "");
  const [copied, setCopied] = useState(false);
  const keyRef = useRef<HTMLElement>(null);

  function selectKey() {
    const shown = keyRef.current;
    const selection = window.getSelection();
    if (!shown || !selection) return;
    selection.selectAllChildren(shown);
  }

  function copy() {
    setCopied(false);
    // No clipboard outside a secure context (an admin opened over plain http on the network).
    if (!window.isSecureContext || !("clipboard" in navigator)) return selectKey();
    navigator.clipboard.writeText(key).then(() => setCopied(true), selectKey);
  }

  return (
    <div className="min-w-0 space-y-3 text-sm">
      <p className="text-muted">Setting up on this phone, or cannot scan it? Open the app from here, or enter this key in the app instead:</p>
      <p>
        <code
          ref={keyRef}
          data-testid="totp-secret"
          className="inline-block rounded bg-surface-2 px-2 py-1 font-mono text-base tracking-wide break-words select-all"
        >
          {secret}
        </code>
      </p>
      <div className="flex flex-wrap gap-2">
        <a href={totpURI} className={buttonClass({ variant: "outline", size: "sm" })}>
          <Smartphone aria-hidden="true" className="size-4" />
          Open in authenticator app
        </a>
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          Copy key
        </Button>
      </div>
      <p role="status" className="min-h-5 text-xs text-muted">
        {copied ? "Key copied" : ""}
      </p>
    </div>
  );
}
