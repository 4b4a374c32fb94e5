/** A lead's pipeline statuses and how the admin shows them (the database keeps the lower-case values). */
export const LEAD_STATUS_LABELS = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  /** A call booked through the scheduler (its webhook sets it, with the meeting's time). */
  booked: "Booked",
  /** The booked call took place (the scheduler's MEETING_ENDED). */
  held: "Call held",
  won: "Won",
  lost: "Lost",
} as const;

export type LeadStatusValue = keyof typeof LEAD_STATUS_LABELS;

export const LEAD_STATUS_VALUES = Object.keys(LEAD_STATUS_LABELS) as LeadStatusValue[];

/** The /admin/leads tabs: every lead, then one per status. */
export const LEAD_FILTERS = ["all", ...LEAD_STATUS_VALUES] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];
