// The built islands bundle (scripts/lib/islands.ts, islandsPlugin): the entry's address, the
// files it imports, and each island's files (for modulepreload).
declare module "virtual:islands" {
  const manifest: { src: string; preload: string[]; chunks: Record<string, string[]> };
  export default manifest;
}
