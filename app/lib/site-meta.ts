import type { SiteConfig } from "~/server/core/env.server";

type MatchLike = { id: string; data?: unknown } | undefined;

/** The site configuration from the root loader, for route `meta` functions. */
export function siteFromMatches(matches: readonly MatchLike[]): SiteConfig | undefined {
  return (matches.find((m) => m?.id === "root")?.data as { site?: SiteConfig } | undefined)?.site;
}
