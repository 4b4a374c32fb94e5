import { createContext, useContext, useId, type ComponentType } from "react";
import { IslandIds, useNestedScope } from "./ids";
import type { IslandName } from "./names";

/** When an island's code loads and takes over its server HTML (app/boot/entry.ts). */
export type HydrateOn = "load" | "idle" | "visible" | "interaction";

/**
 * An interactive widget of a public page (docs/decisions/0027): rendered on the server like the
 * rest of the page, inside a layout-neutral `<flow-island>` (display: contents) that names it and
 * carries its props as JSON, so the islands script (Preact, not React) renders it over the same
 * markup when `on` says: at once, when the browser is idle, when it comes near the screen, or at
 * the first pointer, focus, click or typing in it. Props must be plain JSON (no functions, no elements).
 * In the back-office's React app (or any client render) it is just the component.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
  on = "load",
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  on?: HydrateOn;
}) {
  // Only an island that starts at once is fetched with the page; the others (below the first
  // screen, or waiting for a touch) when they start, off the first paint's critical path.
  const preload = useContext(IslandPreload);
  if (on === "load") preload?.(name);
  // Its ids' prefix, unique on the page: the islands script hydrates it with the same (ids.ts).
  const own = useId();
  const scope = useNestedScope(() => `${name}-${own.replace(/[^\w-]/g, "")}-`);
  return (
    <flow-island data-island={name} data-on={on} data-ids={scope.prefix} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <IslandIds.Provider value={scope}>
        <Component {...props} />
      </IslandIds.Provider>
    </flow-island>
  );
}

/**
 * Given by the root layout of an island page while it renders on the server: called with each
 * island that starts at once, so the script that starts the islands preloads its files.
 */
export const IslandPreload = createContext<((name: IslandName) => void) | null>(null);

/** The islands of one page render that start at once (collected through `IslandPreload`). */
export class StartingIslands {
  readonly names = new Set<IslandName>();
  readonly add = (name: IslandName) => void this.names.add(name);
}

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "flow-island": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}
