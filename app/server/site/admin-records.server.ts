import { z } from "zod";
import type { SaveOptions } from "./records.server";
import { createTeamMember, getTeamMember, updateTeamMember } from "./team-queries.server";
import { createTestimonial, getTestimonial, updateTestimonial } from "./testimonial-queries.server";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { teamMemberSchema, testimonialSchema } from "~/lib/admin-validation";

// The schemas are made on first use: the image store's address comes from the settings.
const teamMember = z.lazy(() => teamMemberSchema(uploadedImageBases()));
const testimonial = z.lazy(() => testimonialSchema(uploadedImageBases()));

/** How each admin record is saved: its error toast titles and success toasts (deleting: trash.server.ts). */
export const teamMemberForm = {
  what: "Team member",
  auditKind: "team-member",
  errorTitle: "Error saving team member",
  schema: teamMember,
  create: createTeamMember,
  update: updateTeamMember,
  get: getTeamMember,
  listPath: "/admin/team",
  createdToast: ["Team member created", "The new team member was added."],
  updatedToast: ["Team member updated", "The team member was saved."],
} satisfies SaveOptions<typeof teamMember>;

export const testimonialForm = {
  what: "Testimonial",
  auditKind: "testimonial",
  errorTitle: "Error saving testimonial",
  schema: testimonial,
  create: createTestimonial,
  update: updateTestimonial,
  get: getTestimonial,
  listPath: "/admin/testimonials",
  createdToast: ["Testimonial created", "The new testimonial was added."],
  updatedToast: ["Testimonial updated", "The testimonial was saved."],
} satisfies SaveOptions<typeof testimonial>;
