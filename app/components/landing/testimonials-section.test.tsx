import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { TestimonialsSection } from "./testimonials-section";

describe("TestimonialsSection", () => {
  it("renders nothing while loading or after a failure (null) and when no testimonial is active", () => {
    expect(renderToStaticMarkup(<TestimonialsSection heading={{ pill: "Testimonials", title: "They speak for us" }} testimonials={null} />)).toBe("");
    expect(renderToStaticMarkup(<TestimonialsSection heading={{ pill: "Testimonials", title: "They speak for us" }} testimonials={[]} />)).toBe("");
  });

  it("renders the carousel with initials avatars when there are testimonials", () => {
    const html = renderToStaticMarkup(
      <TestimonialsSection
        heading={{ pill: "Testimonials", title: "They speak for us" }}
        testimonials={[{ id: "1", name: "Ada Lovelace", company: "Engines", role: null, quote: "Great.", initials: "AL" }]}
      />,
    );
    expect(html).toContain("They speak for us");
    expect(html).toContain("Testimonials");
    expect(html).toContain(">AL<");
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain(">Engines<");
  });

  it("shows a testimonial's role before its company", () => {
    const html = renderToStaticMarkup(
      <TestimonialsSection
        heading={{ pill: "Testimonials", title: "They speak for us" }}
        testimonials={[{ id: "1", name: "Ada Lovelace", company: "Engines", role: "Chief Analyst", quote: "Great.", initials: "AL" }]}
      />,
    );
    expect(html).toMatch(/>Chief Analyst,<\/span> <span[^>]*>Engines</);
  });
});
