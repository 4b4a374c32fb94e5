import type { Route } from "./+types/terms";
import { seo } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { siteFromMatches } from "~/lib/site-meta";
import { termsAndConditions } from "~/content/legal";
import { pageMeta } from "~/content/site";
import { useSite } from "~/root";
import { LegalPage } from "~/components/layout/legal-page";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [{ title: termsAndConditions.title }];
  return seo({
    site,
    title: pageMeta.terms.title(site.brandName),
    description: pageMeta.terms.description(site.brandName),
    path: "/terms",
    image: pageOgImage("terms", site.brandName),
  });
}

export default function Screen() {
  const site = useSite();
  return (
    <LegalPage
      title={termsAndConditions.title}
      lastUpdated={termsAndConditions.lastUpdated}
      intro={termsAndConditions.intro(site.brandName)}
      sections={termsAndConditions.sections}
      contactTitle={termsAndConditions.contactTitle}
      contactText={termsAndConditions.contactText}
      email={site.legalEmail}
    />
  );
}
