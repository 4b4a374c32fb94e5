import type { LandingSectionName } from "./landing-content";

/**
 * The preview's one message to the editor (app/routes/admin/site-preview.tsx → the /admin/site
 * pane): "this section was clicked". Only the back-office's preview sends it; the public page
 * carries none of this.
 */
export const PREVIEW_MESSAGE = "landing-preview:section";

/** The editable section a landing page section is, by the id of the heading that labels it. */
const BY_HEADING: Record<string, LandingSectionName> = {
  "hero-title": "hero",
  "trusted-title": "trustedBy",
  "who-title": "who",
  "services-title": "services",
  "offerings-title": "offerings",
  "process-title": "process",
  "comparison-title": "comparison",
  "problems-title": "problems",
  "testimonials-title": "testimonials",
  "community-title": "community",
  "faq-title": "faq",
  "contact-title": "contact",
};

export function sectionOfHeading(headingId: string | null | undefined): LandingSectionName | null {
  return (headingId && BY_HEADING[headingId]) || null;
}

/** CSS of the preview document only: the sections a click edits are outlined under the pointer. */
export const PREVIEW_CSS = Object.keys(BY_HEADING)
  .map((id) => `section[aria-labelledby="${id}"]`)
  .map((selector) => `${selector}:hover{outline:2px dashed var(--color-primary);outline-offset:-4px;cursor:pointer}`)
  .join("");
