import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepTypingUntilHydrated } from "~/lib/browser/typed-before-hydration";

/**
 * React Router's own client entry, and one addition: text typed into a text area while this
 * script was on its way survives hydration (app/lib/typed-before-hydration.ts).
 */
const releaseTyping = keepTypingUntilHydrated(document);

/** Its effect runs once the whole page has hydrated (after every component's own effects). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => releaseTyping(), []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Hydrated>
        <HydratedRouter />
      </Hydrated>
    </StrictMode>,
  );
});
