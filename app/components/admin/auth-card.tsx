import { useEffect, useRef, type ReactNode } from "react";
import { TextField } from "~/components/ui/field";

/** The centred card of the sign-in screens, with 'Back to site' above its content. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="relative flex min-h-dvh items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,color-mix(in_srgb,var(--color-primary)_22%,transparent),transparent_60%)]"
      />
      <div className="relative w-full max-w-md rounded-2xl border border-border bg-surface/90 p-6 shadow-2xl backdrop-blur sm:p-8">
        {/* A plain link: the public site is loaded as its own document, never rendered by the React app. */}
        <a href="/" className="mb-6 inline-block text-sm font-semibold tracking-wide text-accent">
          Back to site
        </a>
        {children}
      </div>
    </main>
  );
}

/**
 * Why a submission was refused (or a link is dead), inside the card. After a refused submission
 * (`answer`: the action's reply, new each time) it takes focus: read out at once, and the next Tab
 * goes to the form's first field.
 */
export function FailureAlert({ message, answer }: { message: string | null | undefined; answer: unknown }) {
  const alert = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (answer) alert.current?.focus();
  }, [answer]);
  if (!message) return null;
  return (
    <p ref={alert} role="alert" tabIndex={-1} className="mt-4 rounded-lg border border-red-500/60 bg-red-500/10 p-3 text-sm text-red-200">
      {message}
    </p>
  );
}

/** The 6 digits of an authenticator app, named `code`: at sign-in and when setting two-factor sign-in up. */
export function TotpCodeField({ label, placeholder, error }: { label: string; placeholder?: string; error?: string | undefined }) {
  return (
    <TextField
      name="code"
      label={label}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      title="The 6 digits your authenticator app shows"
      maxLength={6}
      required
      placeholder={placeholder}
      error={error}
    />
  );
}
