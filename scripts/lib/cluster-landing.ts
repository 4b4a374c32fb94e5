import { contact, faq, hero, processSection } from "../../app/content/landing";
import { pageMeta } from "../../app/content/site";

/**
 * 'Publish changes' on /admin/site through one process of the cluster (tests/cluster): the
 * shipped landing texts with `headline` as the hero's headline, as the form's fields
 * (app/lib/landing-form.ts reads them). Answers the status (302 on success).
 */
export async function publishLandingThrough(appUrl: string, origin: string, cookie: string, headline: string) {
  const body = new URLSearchParams({
    intent: "publish",
    seoTitle: pageMeta.home.headline,
    seoDescription: pageMeta.home.description,
    heroPill: hero.pill,
    heroHeadline: headline,
    heroPills: hero.pills.join("\n"),
    heroLead: hero.lead,
    heroCta: hero.cta,
    heroSecondary: hero.secondary,
    processPill: processSection.pill,
    processTitle: processSection.title,
    faqPill: faq.pill,
    faqTitle: faq.title,
    contactPill: contact.pill,
    contactTitle: contact.title,
    contactText: contact.text,
    contactCta: contact.cta,
  });
  for (const step of processSection.steps) {
    body.append("stepTitle", step.title);
    body.append("stepDescription", step.description);
    body.append("stepDetail", step.subDescription);
    body.append("stepPoints", (step.features ?? []).join("\n"));
    body.append("stepImageAlt", step.imageAlt);
  }
  for (const item of faq.items) {
    body.append("faqQuestion", item.question);
    body.append("faqAnswer", item.answer);
  }
  const response = await fetch(`${appUrl}/admin/site`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body,
    redirect: "manual",
  });
  await response.text();
  return response.status;
}
