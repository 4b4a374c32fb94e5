/**
 * Hydrates one island's server HTML with Preact (the server's elements and attributes are kept,
 * handlers attached; ids match through app/islands/ids.ts). Loaded by the islands entry
 * (app/boot/entry.ts) with the first island that wakes, not with the entry itself: Preact and its
 * compatibility layer were ~24 KB of the islands script, and no public page starts an island at
 * its load (the landing page's start on sight, the others' at a touch), so a page runs only the
 * entry's behaviours at load (issue #29: that script's evaluation was a long task on a slow
 * machine; decision 0079).
 */
import { createElement, hydrate, type ComponentType } from "preact";
import { IslandIds, idScope } from "~/islands/ids";

export function hydrateIsland(el: HTMLElement, component: unknown, props: object, prefix: string) {
  // A React component type: in this bundle `react` is Preact's compatibility layer (react-shim.ts).
  const Component = component as ComponentType<object>;
  const ids = idScope(prefix);
  // `react` here is Preact's compatibility layer, whose Provider is Preact's (typed as React's).
  const Provider = IslandIds.Provider as unknown as ComponentType<{ value: typeof ids }>;
  hydrate(createElement(Provider, { value: ids }, createElement(Component, props)), el);
}
