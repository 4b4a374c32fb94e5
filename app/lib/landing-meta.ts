import type { MetaDescriptor } from "react-router";
import { seo } from "./seo";
import { pageOgImage } from "./og";
import { DEFAULT_LANDING_CONTENT, landingTitle, type LandingContent } from "./landing-content";
import type { SiteConfig } from "~/server/core/env.server";

/**
 * The landing page's head: its title and description from the landing content, the OG image, and
 * the FAQ as FAQPage JSON-LD. The home page gives the published content, the preview the draft
 * (which adds `noindex`).
 */
export function landingMeta(site: SiteConfig | undefined, content: LandingContent = DEFAULT_LANDING_CONTENT, noindex?: boolean): MetaDescriptor[] {
  if (!site) return [{ title: content.seo.title }];
  return seo({
    site,
    title: landingTitle(site.brandName, content),
    description: content.seo.description,
    path: "/",
    image: pageOgImage("home", site.brandName),
    noindex,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: content.faq.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });
}
