import type { ReactNode } from "react";
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
