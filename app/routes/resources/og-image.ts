import type { Route } from "./+types/og-image";
import { db } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { cached } from "~/server/cache/data-cache.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/cache/public-headers.server";
import { getPublishedPostBySlug } from "~/server/posts/post-queries.server";
import { ogCardPng } from "~/server/storage/og-image.server";
import { isOgPage, pageOgCard, postOgCard, type OgCard } from "~/lib/og";
import { SLUG_PATTERN } from "~/lib/text";

/** The address names this exact image (its fingerprint is in `?v=`): anyone may keep it for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const FILE = /^(.{1,200})\.png$/;

function notFound(): never {
  throw new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL } });
}

/** The card of /og/post/<slug>.png (published posts only) or /og/page/<name>.png, or null. */
async function findCard(kind: string | undefined, slug: string): Promise<OgCard | null> {
  const { brandName } = config().site;
  if (kind === "page") return isOgPage(slug) ? pageOgCard(slug, brandName) : null;
  if (kind !== "post" || !SLUG_PATTERN.test(slug)) return null;
  const post = await cached(`og:post:${slug}`, async () => {
    const found = await getPublishedPostBySlug(await db(), slug);
    return found ? { title: found.title, category: found.category } : null;
  });
  return post ? postOgCard(post, brandName) : null;
}

/**
 * /og/:kind/:file: the generated share image (1200×630 PNG) of a post or a public page, named
 * by `og:image`. Asked with the current fingerprint it is cacheable for good; asked without it
 * (or with an old one) it is the current image, revalidated like a page.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = FILE.exec(params.file ?? "")?.[1];
  const card = slug ? await findCard(params.kind, slug) : null;
  if (!slug || !card) notFound();
  const { version, png } = ogCardPng(`${params.kind}/${slug}`, card);
  const etag = `"${version}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": new URL(request.url).searchParams.get("v") === version ? IMMUTABLE : PUBLIC_CACHE_CONTROL,
    ETag: etag,
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const bytes = await png;
  headers.set("Content-Length", String(bytes.byteLength));
  return new Response(bytes, { headers });
}
