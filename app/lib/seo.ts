import type { MetaDescriptor } from "react-router";
import { withoutTags } from "./text";
import type { OgImage } from "./og";

export type SeoSite = { brandName: string; siteUrl: string; linkedinUrl: string };

export type SeoInput = {
  site: SeoSite;
  title: string;
  description: string;
  /** Path of the canonical page, e.g. "/blog/my-post" (no query string). */
  path: string;
  /** A cover's address, or a generated share image with its size (app/lib/og.ts); the site's default image otherwise. */
  image?: string | OgImage | null;
  /** A cover's text alternative (og:image:alt, twitter:image:alt); a generated image carries its own. Empty: none. */
  imageAlt?: string;
  type?: "website" | "article";
  /** Extra JSON-LD objects (FAQPage, Article, BreadcrumbList…). */
  jsonLd?: object[];
  noindex?: boolean;
};

export function absoluteUrl(siteUrl: string, pathOrUrl: string) {
  return new URL(pathOrUrl, `${siteUrl}/`).toString();
}

/** The one way pages describe themselves: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function seo({ site, title, description: given, path, image, imageAlt, type = "website", jsonLd = [], noindex }: SeoInput): MetaDescriptor[] {
  // Descriptions come from markdown as plain text already; no tag typed into one ever reaches a crawler.
  const description = withoutTags(given);
  const url = absoluteUrl(site.siteUrl, path);
  const generated = typeof image === "object" ? image : null;
  const imageUrl = absoluteUrl(site.siteUrl, (typeof image === "string" && image) || generated?.url || "/og-image.png");
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.brandName,
    url: site.siteUrl,
    logo: absoluteUrl(site.siteUrl, "/favicon.svg"),
    sameAs: [site.linkedinUrl],
  };
  const website = { "@context": "https://schema.org", "@type": "WebSite", name: site.brandName, url: site.siteUrl };
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.brandName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(generated
      ? [
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(generated.width) },
          { property: "og:image:height", content: String(generated.height) },
          { property: "og:image:alt", content: generated.alt },
          { name: "twitter:image:alt", content: generated.alt },
        ]
      : typeof image === "string" && image && imageAlt
        ? [
            { property: "og:image:alt", content: imageAlt },
            { name: "twitter:image:alt", content: imageAlt },
          ]
        : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { "script:ld+json": organization },
    { "script:ld+json": website },
    ...jsonLd.map((entry) => ({ "script:ld+json": entry })),
  ];
}
