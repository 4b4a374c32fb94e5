import { z } from "zod";
import type { DeleteOptions, SaveOptions } from "./records.server";
import { deletePost } from "./queries/admin-posts.server";
import { createTeamMember, deleteTeamMember, updateTeamMember } from "./queries/team.server";
import { createTestimonial, deleteTestimonial, updateTestimonial } from "./queries/testimonials.server";
import { uploadedImageBases } from "./storage.server";
import { teamMemberSchema, testimonialSchema } from "~/lib/admin-validation";

// The schemas are made on first use: the image store's address comes from the settings.
const teamMember = z.lazy(() => teamMemberSchema(uploadedImageBases()));
const testimonial = z.lazy(() => testimonialSchema(uploadedImageBases()));

/** How each admin record is saved and deleted: its error toast titles and success toasts. */
export const teamMemberForm = {
  what: "Team member",
  errorTitle: "Error saving team member",
  schema: teamMember,
  create: createTeamMember,
  update: updateTeamMember,
  listPath: "/admin/team",
  createdToast: ["Team member created", "The new team member was added."],
  updatedToast: ["Team member updated", "The team member was saved."],
} satisfies SaveOptions<typeof teamMember>;

export const testimonialForm = {
  what: "Testimonial",
  errorTitle: "Error saving testimonial",
  schema: testimonial,
  create: createTestimonial,
  update: updateTestimonial,
  listPath: "/admin/testimonials",
  createdToast: ["Testimonial created", "The new testimonial was added."],
  updatedToast: ["Testimonial updated", "The testimonial was saved."],
} satisfies SaveOptions<typeof testimonial>;

export const postDelete = {
  what: "post",
  errorTitle: "Error deleting post",
  remove: deletePost,
  deletedToast: ["Post deleted", "The blog post was deleted."],
} satisfies DeleteOptions;

export const teamMemberDelete = {
  what: "team member",
  errorTitle: "Error deleting team member",
  remove: deleteTeamMember,
  deletedToast: ["Team member deleted", "The team member was removed."],
} satisfies DeleteOptions;

export const testimonialDelete = {
  what: "testimonial",
  errorTitle: "Error deleting testimonial",
  remove: deleteTestimonial,
  deletedToast: ["Testimonial deleted", "The testimonial was removed."],
} satisfies DeleteOptions;
