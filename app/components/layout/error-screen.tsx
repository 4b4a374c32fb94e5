import type { ReactNode } from "react";

/** A public page's error screen: an icon, the heading, the reason and one way on (`children`). */
export function ErrorScreen({ icon, title, message, children }: { icon: ReactNode; title: string; message: string; children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex min-h-[70dvh] max-w-2xl flex-col items-center justify-center px-6 pt-32 pb-24 text-center">
      {icon}
      <h1 className="mt-6 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-lg text-muted">{message}</p>
      {children}
    </main>
  );
}
