// The built islands bundle (scripts/lib/islands.ts, islandsPlugin): the entry's address, the
// files it imports, and each island's files (for modulepreload).
declare module "virtual:islands" {
  const manifest: { src: string; preload: string[]; chunks: Record<string, string[]> };
  export default manifest;
}

// What the islands' code may write into a page (scripts/lib/islands.ts, `IslandWords`): the words of
// each file (by address), the entry's files and each island's. For the server's page cache only.
declare module "virtual:island-words" {
  const words: { entry: string[]; chunks: Record<string, string[]>; words: Record<string, string[]> };
  export default words;
}
