import { describe, expect, it } from "vitest";
import { offerings, problems, services, trustedBy, whoWeAre } from "~/content/landing";
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
      tabs: services.tabs.map(({ label, title, description, useCases }) => ({ label, title, description, useCases })),
    });
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
