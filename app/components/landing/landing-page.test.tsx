import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { community, contact, faq, hero, processSection, services, testimonialsCopy, whoWeAre, type ServiceTab } from "~/content/landing";
import { comparisonCopy } from "~/content/comparison";
import { DEFAULT_LANDING_CONTENT } from "~/lib/landing-content";
import { LandingPage } from "./landing-page";

/** Text as React writes it in HTML. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe("LandingPage", () => {
  it("renders a fresh site's sections with the shipped texts in their places", () => {
    const page = renderToStaticMarkup(<LandingPage content={DEFAULT_LANDING_CONTENT} testimonials={null} communityUrl="https://community.example" />);
    expect(page).toMatch(new RegExp(`<h1 id="hero-title"[^>]*>${html(hero.headline)}</h1>`));
    for (const text of [
      hero.pill,
      hero.lead,
      hero.cta,
      hero.secondary,
      ...hero.pills,
      faq.pill,
      faq.title,
      contact.pill,
      contact.title,
      contact.text,
      contact.cta,
    ])
      expect(page).toContain(`>${html(text)}<`);
    for (const step of processSection.steps) {
      for (const text of [step.title, step.description, step.subDescription]) expect(page).toContain(`>${html(text)}<`);
      expect(page).toContain(`src="${step.image}" alt="${html(step.imageAlt)}"`);
      for (const point of step.features ?? []) expect(page).toContain(`</svg>${html(point)}</li>`);
    }
    for (const item of faq.items) {
      expect(page).toContain(html(item.question));
      expect(page).toContain(`<p>${html(item.answer)}</p>`);
    }
  });

  it("renders a fresh site's community, partners, services' tools and stack, and comparison story with the shipped texts", () => {
    const page = renderToStaticMarkup(
      <LandingPage
        content={DEFAULT_LANDING_CONTENT}
        testimonials={[{ id: "t", name: "Ada", company: "Engines", role: null, quote: "Great.", initials: "A" }]}
        communityUrl="https://community.example"
      />,
    );
    for (const text of [community.pill, community.title, community.intro, ...community.bullets, testimonialsCopy.pill, testimonialsCopy.title])
      expect(page).toContain(`>${html(text)}<`);
    expect(page).toContain(`${html(community.cta)}<svg`);
    for (const card of community.cards) expect(page).toContain(`>${html(card.title)}</h3><p class="mt-2 text-sm text-muted">${html(card.description)}</p>`);
    for (const partner of whoWeAre.partners) expect(page).toContain(`href="${partner.url}"`);
    for (const partner of whoWeAre.partners) expect(page).toMatch(new RegExp(`href="${partner.url}"[^>]*>${partner.name}</a>`));
    for (const label of [services.useCasesLabel, services.toolsLabel, services.stackLabel]) expect(page).toContain(`>${html(label)}</h4>`);
    for (const tab of services.tabs) {
      for (const tool of (tab as ServiceTab).tools ?? []) expect(page).toContain(`</svg>${html(tool)}</li>`);
      for (const group of (tab as ServiceTab).stack ?? []) {
        expect(page).toContain(`<p class="font-semibold">${html(group.title)}</p>`);
        for (const item of group.items) expect(page).toContain(`</svg>${html(item)}</li>`);
      }
    }
    for (const side of ["before", "after"] as const) {
      expect(page).toContain(`>${html(comparisonCopy[side].headline)}</h3>`);
      expect(page).toContain(`>${html(comparisonCopy[side].subhead)}</p>`);
      for (const metric of comparisonCopy[side].metrics)
        expect(page).toContain(`>${html(metric.label)}</p><p class="mt-1 max-w-[16rem] text-xs text-foreground/70 sm:text-sm">${html(metric.caption)}</p>`);
    }
  });

  it("renders edited content in place of the shipped texts", () => {
    const content = { ...DEFAULT_LANDING_CONTENT, hero: { ...DEFAULT_LANDING_CONTENT.hero, headline: "Edited headline" } };
    const page = renderToStaticMarkup(<LandingPage content={content} testimonials={null} communityUrl="https://community.example" />);
    expect(page).toContain(">Edited headline</h1>");
    expect(page).not.toContain(html(hero.headline));
  });

  it("links, without JavaScript, the published case study closest to the comparison's default figures, and none when none is published", () => {
    const study = (slug: string, hours: number, errorRate: number, cost: number) => ({
      slug,
      title: `Title ${slug}`,
      client: `Client ${slug}`,
      hours: [hours, 3] as [number, number],
      errorRate: [errorRate, 1] as [number, number],
      cost: [cost, 200] as [number, number],
    });
    const caseStudies = [study("far-away", 60, 30, 9000), study("near-by", 18, 8, 1250)];
    const page = renderToStaticMarkup(
      <LandingPage content={DEFAULT_LANDING_CONTENT} testimonials={null} caseStudies={caseStudies} communityUrl="https://c.example" />,
    );
    expect(page).toContain("A firm like yours went from 18 h to 3 h a week.");
    expect(page).toContain('href="/case-studies/near-by"');
    expect(page).not.toContain("/case-studies/far-away");
    const none = renderToStaticMarkup(<LandingPage content={DEFAULT_LANDING_CONTENT} testimonials={null} caseStudies={[]} communityUrl="https://c.example" />);
    expect(none).not.toContain("A firm like yours");
  });
});
