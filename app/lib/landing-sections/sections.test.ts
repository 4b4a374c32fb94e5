import { describe, expect, it } from "vitest";
import { community, offerings, problems, services, testimonialsCopy, trustedBy, whoWeAre } from "~/content/landing";
import { icons } from "~/components/landing/icons";
import { OFFERING_ICONS } from "./offerings";
import { comparisonCopy, COMPARISON_RULES } from "~/content/comparison";
import { afterFigures } from "../comparison";
import { comparisonRules, figureText } from "./comparison";
import { DEFAULT_LANDING_CONTENT, readLandingContent } from "../landing-content";
import { landingFormSchema, landingFormValues } from "../landing-form";

/** The sections made editable after the first five: shipped words by default, read back from their fields. */
describe("the landing sections of app/lib/landing-sections", () => {
  it("default to the shipped copy of app/content, word for word", () => {
    expect(DEFAULT_LANDING_CONTENT.who).toEqual({
      pill: whoWeAre.pill,
      title: whoWeAre.title,
      text: whoWeAre.text,
      stats: whoWeAre.stats,
      partnersTitle: whoWeAre.partnersTitle,
      partners: whoWeAre.partners,
    });
    expect(DEFAULT_LANDING_CONTENT.trustedBy).toEqual({
      title: trustedBy.title,
      logos: trustedBy.logos.map((logo) => ({ label: "", ...logo })),
    });
    expect(DEFAULT_LANDING_CONTENT.offerings).toEqual({
      pill: offerings.pill,
      title: offerings.title,
      tabs: offerings.tabs.map(({ id: _id, ...tab }) => tab),
    });
    expect(DEFAULT_LANDING_CONTENT.services).toEqual({
      pill: services.pill,
      title: services.title,
      intro: services.intro,
      useCasesLabel: "Use cases",
      toolsLabel: "Tools we connect",
      stackLabel: "Built-to-fit stack",
      tabs: services.tabs.map(({ label, title, description, useCases, ...rest }) => ({
        label,
        title,
        description,
        useCases,
        tools: "tools" in rest ? rest.tools : [],
      })),
      stack: services.tabs[3]!.stack,
    });
    expect(DEFAULT_LANDING_CONTENT.services.tabs[0]!.tools).toEqual(["Affinity", "Notion", "Airtable", "Slack", "Gmail"]);
    expect(DEFAULT_LANDING_CONTENT.community).toEqual({
      pill: "Community",
      title: "Where automation innovators connect & thrive",
      intro: community.intro,
      cards: community.cards,
      bullets: community.bullets,
      cta: "Start Your Automation Journey",
    });
    expect(DEFAULT_LANDING_CONTENT.testimonials).toEqual({ pill: testimonialsCopy.pill, title: "They speak for us" });
    const { story, metrics } = DEFAULT_LANDING_CONTENT.comparison;
    expect(story).toEqual({
      before: { headline: comparisonCopy.before.headline, subhead: comparisonCopy.before.subhead },
      after: { headline: "Automated, reliable, fast", subhead: comparisonCopy.after.subhead },
    });
    for (const side of ["before", "after"] as const)
      for (const metric of comparisonCopy[side].metrics) {
        expect(metrics[metric.key].label).toBe(metric.label);
        expect(metrics[metric.key][`${side}Caption`]).toBe(metric.caption);
      }
    expect(figureText(DEFAULT_LANDING_CONTENT.comparison.before)).toEqual(comparisonCopy.before.values);
    expect(figureText(DEFAULT_LANDING_CONTENT.comparison.after)).toEqual(comparisonCopy.after.values);
    expect(comparisonRules(DEFAULT_LANDING_CONTENT.comparison.rules)).toEqual(COMPARISON_RULES);
    expect(DEFAULT_LANDING_CONTENT.problems).toEqual({
      pill: problems.pill,
      title: problems.title,
      intro: problems.intro,
      messages: problems.messages.map(({ name, text }) => ({ name, text })),
    });
  });

  it("read a document stored before they were editable as their defaults", () => {
    const {
      who: _who,
      problems: _problems,
      trustedBy: _trustedBy,
      offerings: _offerings,
      services: _services,
      comparison: _comparison,
      ...older
    } = DEFAULT_LANDING_CONTENT;
    expect(readLandingContent(older)).toEqual(DEFAULT_LANDING_CONTENT);
  });

  it("read a section stored before its new fields were editable with those fields' defaults and its edits kept", () => {
    const { partners: _partners, ...who } = { ...DEFAULT_LANDING_CONTENT.who, title: "Edited who" };
    const { story: _story, metrics: _metrics, ...comparison } = { ...DEFAULT_LANDING_CONTENT.comparison, title: "Edited comparison" };
    const { useCasesLabel: _u, toolsLabel: _t, stackLabel: _s, stack: _stack, ...services } = DEFAULT_LANDING_CONTENT.services;
    const olderServices = { ...services, title: "Edited services", tabs: services.tabs.map(({ tools: _tools, ...tab }) => tab) };
    const { community: _community, testimonials: _testimonials, ...rest } = DEFAULT_LANDING_CONTENT;
    const read = readLandingContent({ ...rest, who, comparison, services: olderServices });
    expect(read).toEqual({
      ...DEFAULT_LANDING_CONTENT,
      who: { ...DEFAULT_LANDING_CONTENT.who, title: "Edited who" },
      comparison: { ...DEFAULT_LANDING_CONTENT.comparison, title: "Edited comparison" },
      services: { ...DEFAULT_LANDING_CONTENT.services, title: "Edited services" },
    });
  });

  it("refuse an empty, a too long or a malformed value of the newly editable fields, each on its field", () => {
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const parsed = landingFormSchema.safeParse({
      ...values,
      communityTitle: " ",
      communityBullet: ["Weekly templates", "x".repeat(61)],
      communityCardIcon: ["library", "rocket", "graduation", "video"],
      testimonialsTitle: "",
      comparisonAfterHeadline: "x".repeat(61),
      metricCostBeforeCaption: "",
      partnerUrl: ["https://www.make.com", "zapier", "https://n8n.io", "https://www.airtable.com"],
      serviceTools: ["a\nb\nc\nd\ne\nf\ng\nh\ni", "", "", ""],
      stackItems: ["", "Orchestrated workflows", "Your cloud or ours"],
    });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["partnerUrl.1", "Partner link must be a web address starting with https://."],
      ["serviceTools.0", "At most 8 tools."],
      ["stackItems.0", "List at least one item in the group."],
      ["comparisonAfterHeadline", "After headline must be at most 60 characters."],
      ["metricCostBeforeCaption", "Before cost caption is required."],
      ["testimonialsTitle", "Section title is required."],
      ["communityTitle", "Section title is required."],
      ["communityCardIcon.1", "Card icon must be one of the icons offered."],
      ["communityBullet.1", "Point must be at most 60 characters."],
    ]);
  });

  it("refuse a figure out of range, naming the field", () => {
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const parsed = landingFormSchema.safeParse({ ...values, statValue: ["35", "-1", "1.5", "2000000"], statSuffix: ["+", "%", "+", "longer"] });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["statValue.1", "Figure must be at least 0."],
      ["statValue.2", "Figure must be a whole number."],
      ["statValue.3", "Figure must be at most 1,000,000."],
      ["statSuffix.3", "Suffix must be at most 4 characters."],
    ]);
  });

  it("keep at least one pain point and at most twenty, the message on the list", () => {
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const none = landingFormSchema.safeParse({ ...values, quoteName: [], quoteText: [] });
    expect(none.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["problemsQuotes", "Keep at least one quote."]]);
    const many = Array.from({ length: 21 }, (_, i) => `Quote ${i}`);
    const tooMany = landingFormSchema.safeParse({ ...values, quoteName: many, quoteText: many });
    expect(tooMany.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["problemsQuotes", "At most 20 quotes."]]);
  });

  it("take a company's mark only from the shipped marks, and its link only as a web address", () => {
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const marks = [...(values.logoMark as string[])];
    marks[1] = "star";
    const links = [...(values.logoUrl as string[])];
    links[4] = "javascript:alert(1)";
    const parsed = landingFormSchema.safeParse({ ...values, logoMark: marks, logoUrl: links });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["logoMark.1", "Mark must be one of: ring, peak, square, wave, orbit, leaf, cross, stack."],
      ["logoUrl.4", "Company link must be a web address starting with https://."],
    ]);
  });

  it("offer exactly the icons the public page draws, and report a feature's fault on that feature", () => {
    expect([...OFFERING_ICONS].sort()).toEqual(Object.keys(icons).sort());
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const titles = [...(values.featureTitle as string[])];
    titles[19] = "";
    const parsed = landingFormSchema.safeParse({ ...values, featureTitle: titles });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([["featureTitle.19", "Feature title is required."]]);
  });

  it("keep the comparison sound: figures in range, After never above Before, a share from 1 to 99 %; the rules drive After", () => {
    const values = landingFormValues(DEFAULT_LANDING_CONTENT);
    const parsed = landingFormSchema.safeParse({ ...values, beforeTime: "200", ruleCostPercent: "0", ruleTimeMin: "x" });
    expect(parsed.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["beforeTime", "Before hours must be at most 168."],
      ["ruleTimeMin", "Least hours must be a number."],
      ["ruleCostPercent", "Share of cost must be at least 1."],
    ]);
    // Once every figure is a number in range, After is held to Before.
    const higher = landingFormSchema.safeParse({ ...values, afterErrorRate: "9" });
    expect(higher.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["afterErrorRate", "After error rate must not be more than Before error rate."],
    ]);
    const edited = landingFormSchema.parse({ ...values, ruleCostPercent: "20", ruleCostMin: "100" });
    const rules = comparisonRules(edited.comparison.rules);
    expect(afterFigures({ time: "17", errorRate: "8", cost: "1200" }, rules).cost).toBe("240");
    expect(afterFigures({ time: "17", errorRate: "8", cost: "300" }, rules).cost).toBe("100");
  });
});
