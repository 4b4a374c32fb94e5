import { describe, expect, it } from "vitest";
import { caseStudyDistance, closestCaseStudy, comparisonCaseStudy, headlineFigure, type ComparisonCaseStudy } from "./closest-case-study";

const study = (slug: string, hours: number | null, errorRate: number | null, cost: number | null): ComparisonCaseStudy => ({
  slug,
  title: `Title of ${slug}`,
  client: `Client of ${slug}`,
  hours: hours === null ? null : [hours, hours / 8],
  errorRate: errorRate === null ? null : [errorRate, errorRate / 10],
  cost: cost === null ? null : [cost, cost / 7],
});

// The demo content's three before figures (app/content/demo-case-studies.ts).
const fund = study("venture-fund", 22, 9, 1400);
const saas = study("b2b-saas", 38, 12, 2300);
const clinic = study("healthcare", 26, 6, 1100);
const all = [fund, saas, clinic];

describe("the distance between typed figures and a case study", () => {
  it("is 0 for the same figures and grows with the relative difference of each unit", () => {
    expect(caseStudyDistance({ time: "22", errorRate: "9", cost: "1400" }, fund)).toBe(0);
    // Hours half of theirs (0.5), the rest equal: a third of 0.5.
    expect(caseStudyDistance({ time: "11", errorRate: "9", cost: "1400" }, fund)).toBeCloseTo(0.5 / 3);
    // Units weigh alike: a cost half of theirs counts as much as hours half of theirs.
    expect(caseStudyDistance({ time: "22", errorRate: "9", cost: "700" }, fund)).toBeCloseTo(0.5 / 3);
  });

  it("reads typed money and percent as numbers", () => {
    expect(caseStudyDistance({ time: "22 hours", errorRate: "9%", cost: "$1,400" }, fund)).toBe(0);
  });

  it("counts a unit the visitor left blank or the case study did not measure as the farthest", () => {
    expect(caseStudyDistance({ time: "", errorRate: "9", cost: "1400" }, fund)).toBeCloseTo(1 / 3);
    expect(caseStudyDistance({ time: "a lot", errorRate: "9", cost: "1400" }, fund)).toBeCloseTo(1 / 3);
    expect(caseStudyDistance({ time: "22", errorRate: "9", cost: "1400" }, study("no-cost", 22, 9, null))).toBeCloseTo(1 / 3);
  });

  it("is 0 for a unit where both are 0", () => {
    expect(caseStudyDistance({ time: "0", errorRate: "0", cost: "0" }, study("zero", 0, 0, 0))).toBe(0);
  });
});

describe("the closest case study", () => {
  it("for the comparison's default figures (17 h, 8%, $1200) is the venture fund", () => {
    expect(closestCaseStudy({ time: "17", errorRate: "8", cost: "1200" }, all)?.slug).toBe("venture-fund");
  });

  it("follows the typed figures", () => {
    expect(closestCaseStudy({ time: "40", errorRate: "12", cost: "2300" }, all)?.slug).toBe("b2b-saas");
    expect(closestCaseStudy({ time: "27", errorRate: "5", cost: "1000" }, all)?.slug).toBe("healthcare");
  });

  it("prefers a case study that measured what the visitor typed", () => {
    const onlyHours = study("only-hours", 40, null, null);
    expect(closestCaseStudy({ time: "40", errorRate: "12", cost: "2300" }, [onlyHours, saas])?.slug).toBe("b2b-saas");
  });

  it("keeps the earlier one on a tie, and is null when none is published", () => {
    const twin = { ...fund, slug: "twin" };
    expect(closestCaseStudy({ time: "22", errorRate: "9", cost: "1400" }, [fund, twin])?.slug).toBe("venture-fund");
    expect(closestCaseStudy({ time: "17", errorRate: "8", cost: "1200" }, [])).toBeNull();
  });
});

describe("what the comparison says of it", () => {
  it("gives the first measured figure as 'from → to' in its unit", () => {
    expect(headlineFigure(study("a", 40, 12, 2300))).toBe("40 h to 5 h a week");
    expect(headlineFigure(study("b", null, 12, 2300))).toBe("12% to 1.2% of records");
    expect(headlineFigure(study("c", null, null, 2100))).toBe("$2,100 to $300 a week");
    expect(headlineFigure(study("d", null, null, null))).toBeNull();
  });

  it("takes a stored row's figures as pairs, leaving out a half-measured one", () => {
    const row = {
      slug: "s",
      title: "T",
      client: "C",
      hoursBefore: 40,
      hoursAfter: 5,
      errorRateBefore: null,
      errorRateAfter: null,
      costBefore: 900,
      costAfter: null,
    };
    expect(comparisonCaseStudy(row)).toEqual({ slug: "s", title: "T", client: "C", hours: [40, 5], errorRate: null, cost: null });
  });
});
