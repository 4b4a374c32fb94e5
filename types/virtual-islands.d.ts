// The built islands bundle (scripts/lib/islands.ts, islandsPlugin): the entry's address, the
// files it imports, and each island's files (for modulepreload).
declare module "virtual:islands" {
  const manifest: { src: string; preload: string[]; chunks: Record<string, string[]> };
  export default manifest;
}

// What the islands' code may write into a page (built by scripts/lib/islands.ts; the shape is
// `IslandWords` of app/server/cache/page-css.server.ts). For the server's page cache only.
declare module "virtual:island-words" {
  import type { IslandWords } from "~/server/cache/page-css.server";
  const words: IslandWords;
  export default words;
}
