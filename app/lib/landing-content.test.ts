import { describe, expect, it } from "vitest";
import { contact, faq, hero, processSection } from "~/content/landing";
import { pageMeta } from "~/content/site";
import { contentLines, DEFAULT_LANDING_CONTENT, landingTitle, readLandingContent } from "./landing-content";
import { fieldOfPath, landingFormSchema, landingFormValues, previewContent } from "./landing-form";

describe("the landing content", () => {
  it("defaults to the shipped copy of app/content, word for word", () => {
    expect(DEFAULT_LANDING_CONTENT.hero).toEqual(hero);
    expect(DEFAULT_LANDING_CONTENT.faq).toEqual({ pill: faq.pill, title: faq.title, items: faq.items });
    expect(DEFAULT_LANDING_CONTENT.contact).toEqual(contact);
    expect(DEFAULT_LANDING_CONTENT.process.title).toBe(processSection.title);
    expect(DEFAULT_LANDING_CONTENT.process.steps).toEqual(
      processSection.steps.map(({ title, description, subDescription, features, imageAlt }) => ({ title, description, subDescription, features, imageAlt })),
    );
    expect(landingTitle("Flowstate", DEFAULT_LANDING_CONTENT)).toBe("Flowstate | Smarter Systems. Better Outcomes.");
    expect(DEFAULT_LANDING_CONTENT.seo.description).toBe(pageMeta.home.description);
  });

  it("reads a stored document section by section: a missing or broken section is the default", () => {
    const stored = { hero: { ...hero, headline: "New words" }, faq: { pill: "FAQ", title: "", items: [] }, extra: 1 };
    const content = readLandingContent(stored);
    expect(content.hero.headline).toBe("New words");
    expect(content.faq).toEqual(DEFAULT_LANDING_CONTENT.faq);
    expect(content.contact).toEqual(DEFAULT_LANDING_CONTENT.contact);
    expect(readLandingContent(null)).toEqual(DEFAULT_LANDING_CONTENT);
  });

  it("shows a change in the history's diff as the one line that changed", () => {
    const after = { ...DEFAULT_LANDING_CONTENT, hero: { ...DEFAULT_LANDING_CONTENT.hero, headline: "New" } };
    const before = contentLines(DEFAULT_LANDING_CONTENT).split("\n");
    const changed = contentLines(after)
      .split("\n")
      .filter((line, i) => line !== before[i]);
    expect(changed).toEqual(["Hero · headline: New"]);
  });
});

describe("the /admin/site form", () => {
  it("reads its fields back into the same content", () => {
    const parsed = landingFormSchema.safeParse(landingFormValues(DEFAULT_LANDING_CONTENT));
    expect(parsed.success && parsed.data).toEqual(DEFAULT_LANDING_CONTENT);
  });

  it("puts each fault on its field, a question's on that question", () => {
    const values = { ...landingFormValues(DEFAULT_LANDING_CONTENT), heroHeadline: "  ", faqAnswer: ["a", "", "c", "d", "e", "f", "g"] };
    const parsed = landingFormSchema.safeParse(values);
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues).toEqual([
      ["heroHeadline", "Headline is required."],
      ["faqAnswer.1", "Answer is required."],
    ]);
    expect(fieldOfPath(["faq", "items"])).toBe("faqItems");
    expect(fieldOfPath(["hero", "pills", 3])).toBe("heroPills");
    expect(fieldOfPath(["process", "steps", 2, "features", 1])).toBe("stepPoints.2");
  });

  it("previews what is valid as typed and the rest as saved", () => {
    const values = { ...landingFormValues(DEFAULT_LANDING_CONTENT), heroHeadline: "Typed", contactTitle: "" };
    const { content, invalid } = previewContent(values, DEFAULT_LANDING_CONTENT);
    expect(content.hero.headline).toBe("Typed");
    expect(content.contact).toEqual(DEFAULT_LANDING_CONTENT.contact);
    expect(invalid).toEqual(["contact"]);
  });
});
