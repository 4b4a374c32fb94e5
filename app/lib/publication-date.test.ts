import { describe, expect, it } from "vitest";
import { fieldErrors, postSchema as makePostSchema } from "./admin-validation";
import { formatOffset, fromLocalInput, isTimeZone, sameSecond, toLocalInput, zoneLabel } from "./publication-date";
import { postStatus } from "./post-status";

const postSchema = makePostSchema([]);

describe("the publication date in the editor's time zone", () => {
  it("reads a datetime-local value in the editor's zone, daylight saving included", () => {
    expect(fromLocalInput("2026-01-15T10:30", "Europe/Paris")?.toISOString()).toBe("2026-01-15T09:30:00.000Z");
    expect(fromLocalInput("2026-07-15T10:30", "Europe/Paris")?.toISOString()).toBe("2026-07-15T08:30:00.000Z");
    expect(fromLocalInput("2026-07-15T10:30", "America/New_York")?.toISOString()).toBe("2026-07-15T14:30:00.000Z");
    expect(fromLocalInput("2026-07-15T10:30", "Asia/Kolkata")?.toISOString()).toBe("2026-07-15T05:00:00.000Z");
    expect(fromLocalInput("2026-07-15T10:30", "UTC")?.toISOString()).toBe("2026-07-15T10:30:00.000Z");
    // Around the changes: the hour after the spring change, and the repeated autumn hour.
    expect(fromLocalInput("2026-03-29T03:30", "Europe/Paris")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(fromLocalInput("2026-03-29T01:30", "Europe/Paris")?.toISOString()).toBe("2026-03-29T00:30:00.000Z");
    const skipped = fromLocalInput("2026-03-29T02:30", "Europe/Paris");
    expect(skipped).not.toBeNull();
    expect(fromLocalInput("2026-10-25T02:30", "Europe/Paris")).not.toBeNull();
  });

  it("shows a stored instant back in the zone, to the second, and names the zone with its offset", () => {
    const instant = new Date("2026-01-15T09:30:42.123Z");
    expect(toLocalInput(instant, "Europe/Paris")).toBe("2026-01-15T10:30:42");
    expect(toLocalInput(instant, "UTC")).toBe("2026-01-15T09:30:42");
    expect(zoneLabel("Europe/Paris", instant)).toBe("Europe/Paris (UTC+01:00)");
    expect(zoneLabel("Europe/Paris", new Date("2026-07-01T00:00:00Z"))).toBe("Europe/Paris (UTC+02:00)");
    expect(zoneLabel("America/St_Johns", instant)).toBe("America/St_Johns (UTC-03:30)");
    expect(zoneLabel("UTC", instant)).toBe("UTC (UTC+00:00)");
    expect(formatOffset(-210)).toBe("UTC-03:30");
    // The second the form showed names the stored instant again; seconds may be typed.
    expect(fromLocalInput("2026-01-15T10:30:42", "Europe/Paris")?.toISOString()).toBe("2026-01-15T09:30:42.000Z");
    expect(sameSecond(fromLocalInput(toLocalInput(instant, "Asia/Tokyo"), "Asia/Tokyo")!, instant)).toBe(true);
  });

  it("refuses values that are no date and time, and unknown zones", () => {
    for (const bad of ["", "tomorrow", "2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "2026-01-01", "1960-01-01T00:00"]) {
      expect(fromLocalInput(bad, "UTC"), bad).toBeNull();
    }
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(fromLocalInput("2026-01-01T10:00", "Mars/Olympus")).toBeNull();
  });

  it("the post form turns the field and the zone into an instant, or a message under the field", () => {
    const post = { title: "A title", slug: "a-title", category: "Automation", content: "Body", tagIds: [] };
    expect(postSchema.parse({ ...post, publishedAt: "2026-01-15T10:30", timeZone: "Europe/Paris" }).publishedAt?.toISOString()).toBe(
      "2026-01-15T09:30:00.000Z",
    );
    // Without the zone (no JavaScript) the form said UTC, and UTC it is.
    expect(postSchema.parse({ ...post, publishedAt: "2026-01-15T10:30" }).publishedAt?.toISOString()).toBe("2026-01-15T10:30:00.000Z");
    expect(postSchema.parse({ ...post, publishedAt: "", timeZone: "Europe/Paris" }).publishedAt).toBeNull();
    expect(postSchema.parse(post).publishedAt).toBeNull();
    const bad = postSchema.safeParse({ ...post, publishedAt: "next week" });
    expect(fieldErrors(bad.error!).publishedAt).toBe("Enter the publication date as a date and time.");
    const zone = postSchema.safeParse({ ...post, publishedAt: "2026-01-15T10:30", timeZone: "Mars/Olympus" });
    expect(fieldErrors(zone.error!).timeZone).toBe("Unknown time zone. Reload the page and try again.");
  });

  it("names a post's state: draft, scheduled (published, dated ahead) or published", () => {
    const now = new Date("2026-01-15T10:00:00Z");
    expect(postStatus({ published: false, publishedAt: "2026-02-01T00:00:00Z" }, now)).toBe("draft");
    expect(postStatus({ published: true, publishedAt: "2026-02-01T00:00:00Z" }, now)).toBe("scheduled");
    expect(postStatus({ published: true, publishedAt: new Date("2026-01-01T00:00:00Z") }, now)).toBe("published");
    expect(postStatus({ published: true, publishedAt: null }, now)).toBe("published");
  });
});
