import { z } from "zod";
import { community } from "~/content/landing";
import { LANDING_LIMITS, text, type SectionForm } from "../landing-schema-kit";
import { OFFERING_ICONS } from "./offerings";

/**
 * Community: its label, title and text, its four cards (a title, a description and an icon from
 * the shipped set), the points under them (a list, in the order shown) and the button's label.
 * The button's address is the site's setting (COMMUNITY_URL), not content.
 */
export const COMMUNITY_CARDS = community.cards.length;
export const COMMUNITY_BULLETS = 6;

export const communityCardSchema = z.object({
  title: text("Card title", LANDING_LIMITS.short),
  description: text("Card description", LANDING_LIMITS.title * 2),
  icon: z.enum(OFFERING_ICONS, { message: "Card icon must be one of the icons offered." }),
});

export const communitySchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  intro: text("Text", LANDING_LIMITS.text),
  cards: z.array(communityCardSchema).length(COMMUNITY_CARDS, `The section has ${COMMUNITY_CARDS} cards.`),
  bullets: z.array(text("Point", LANDING_LIMITS.short)).min(1, "Keep at least one point.").max(COMMUNITY_BULLETS, `At most ${COMMUNITY_BULLETS} points.`),
  cta: text("Button label", LANDING_LIMITS.short),
});

export type CommunityContent = z.output<typeof communitySchema>;

export const DEFAULT_COMMUNITY: CommunityContent = {
  pill: community.pill,
  title: community.title,
  intro: community.intro,
  cards: community.cards.map(({ title, description, icon }) => ({ title, description, icon: icon as (typeof OFFERING_ICONS)[number] })),
  bullets: [...community.bullets],
  cta: community.cta,
};

const CARD_FIELD: Record<string, string> = { title: "communityCardTitle", description: "communityCardDescription", icon: "communityCardIcon" };
const FIELD: Record<string, string> = {
  pill: "communityPill",
  title: "communityTitle",
  intro: "communityIntro",
  cards: "communityCards",
  bullets: "communityBullets",
  cta: "communityCta",
};

export const communityForm: SectionForm<CommunityContent> = {
  multi: ["communityCardTitle", "communityCardDescription", "communityCardIcon", "communityBullet"],
  read: (f) => ({
    pill: f.text("communityPill"),
    title: f.text("communityTitle"),
    intro: f.text("communityIntro"),
    cards: f.list("communityCardTitle").map((title, i) => ({
      title,
      description: f.list("communityCardDescription")[i] ?? "",
      icon: f.list("communityCardIcon")[i] ?? "",
    })),
    bullets: f.list("communityBullet"),
    cta: f.text("communityCta"),
  }),
  values: (section) => ({
    communityPill: section.pill,
    communityTitle: section.title,
    communityIntro: section.intro,
    communityCardTitle: section.cards.map((c) => c.title),
    communityCardDescription: section.cards.map((c) => c.description),
    communityCardIcon: section.cards.map((c) => c.icon),
    communityBullet: section.bullets,
    communityCta: section.cta,
  }),
  fieldOf: ([key, index, part]) => {
    if (key === "cards" && index !== undefined && part && CARD_FIELD[part]) return `${CARD_FIELD[part]}.${index}`;
    if (key === "bullets" && index !== undefined) return `communityBullet.${index}`;
    return FIELD[key ?? ""];
  },
};
