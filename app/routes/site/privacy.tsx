import type { Route } from "./+types/privacy";
import { seo } from "~/lib/seo";
import { pageOgImage } from "~/lib/og";
import { siteFromMatches } from "~/lib/site-meta";
import { privacyPolicy } from "~/content/legal";
import { pageMeta } from "~/content/site";
import { useSite } from "~/root";
import { LegalPage } from "~/components/layout/legal-page";

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [{ title: privacyPolicy.title }];
  return seo({
    site,
    title: pageMeta.privacy.title(site.brandName),
    description: pageMeta.privacy.description(site.brandName),
    path: "/privacy",
    image: pageOgImage("privacy", site.brandName),
  });
}

export default function Screen() {
  const site = useSite();
  return (
    <LegalPage
      title={privacyPolicy.title}
      lastUpdated={privacyPolicy.lastUpdated}
      intro={privacyPolicy.intro(site.brandName)}
      sections={privacyPolicy.sections}
      contactTitle={privacyPolicy.contactTitle}
      contactText={privacyPolicy.contactText}
      email={site.privacyEmail}
    />
  );
}
