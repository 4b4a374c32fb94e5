import { z } from "zod";
import { SLUG_PATTERN } from "./text";
import { DEFAULT_TIME_ZONE, fromLocalInput, isTimeZone } from "./publication-date";

/** Sane limits for back-office input; the forms use them as maxLength, the actions enforce them. */
export const LIMITS = {
  title: 200,
  slug: 120,
  category: 60,
  excerpt: 1000,
  coverAlt: 300,
  /** Search engines show about 60 characters of a title and 160 of a description (`SEO_ADVICE`); past these the server refuses. */
  metaTitle: 70,
  metaDescription: 200,
  content: 200_000,
  url: 2048,
  name: 120,
  position: 120,
  /** A team member's bio: a short paragraph on a card, not a page. */
  bio: 600,
  company: 120,
  role: 120,
  quote: 2000,
  tagName: 60,
  tags: 50,
  displayOrder: 1_000_000,
} as const;

/** The lengths search results show of a title and a description: the SEO section's counters say "too long" past them. */
export const SEO_ADVICE = { metaTitle: 60, metaDescription: 160 } as const;

export const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`);

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`)
    .optional()
    .transform((v) => v ?? "");

/** An optional text stored as null when left empty (a team member's bio, a testimonial's role). */
export const nullableText = (label: string, max: number) => optionalText(label, max).transform((v) => v || null);

/** An image uploaded to this site's own disk store (served by the site itself). */
const LOCAL_UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9/_.-]+$/;

/**
 * True when `value` is an uploaded image: a path under /uploads/ on this site, or an address
 * under one of `storeBases` (the S3 store's public base, see `uploadedImageBases` on the server).
 * No ".." anywhere, so no address can climb out of the store.
 */
export function isUploadedImageUrl(value: string, storeBases: readonly string[]) {
  if (value.split(/[/\\]/).some((part) => part === ".." || part === ".")) return false;
  if (LOCAL_UPLOAD_PATH.test(value)) return true;
  return isHttpUrl(value) && storeBases.some((base) => value.startsWith(base) && new URL(value).href.startsWith(base));
}

/**
 * A stored image: an upload (see `isUploadedImageUrl`). Any other http(s) address is refused with
 * a message that says why: the site's CSP allows images from itself and its store only, so an
 * image from another site would be saved and then never shown.
 */
export const imageUrl = (label: string, storeBases: readonly string[]) =>
  z
    .string()
    .trim()
    .max(LIMITS.url, `${label} address is too long.`)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isUploadedImageUrl(v, storeBases) || isHttpUrl(v), { message: `${label} must be an uploaded image.`, abort: true })
    .refine((v) => v === null || isUploadedImageUrl(v, storeBases), {
      message: `${label} must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.`,
    });

export function isHttpUrl(value: string) {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

const displayOrder = z
  .string({ message: "Display Order is required." })
  .trim()
  .min(1, "Display Order is required.")
  .regex(/^-?\d+$/, "Display Order must be a whole number.")
  .transform((v) => Number.parseInt(v, 10))
  .refine((v) => Math.abs(v) <= LIMITS.displayOrder, `Display Order must be between -${LIMITS.displayOrder} and ${LIMITS.displayOrder}.`);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A record id (a uuid), lower-cased: the one id check of edit routes, list actions and tags. */
export const recordId = (message = "Unknown request.") =>
  z
    .string({ message })
    .regex(UUID_PATTERN, message)
    .transform((v) => v.toLowerCase());

export const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const PUBLICATION_DATE_FORMAT = "Enter the publication date as a date and time.";

/** 'Publication date' as typed (datetime-local), read in the form's `timeZone` (posts and case studies). */
export const publishedAtField = z
  .string()
  .trim()
  .max(40, PUBLICATION_DATE_FORMAT)
  .optional()
  .transform((v) => v ?? "")
  .refine((v) => !v || fromLocalInput(v, DEFAULT_TIME_ZONE) !== null, PUBLICATION_DATE_FORMAT);

/** The editor's time zone, sent by the browser beside the publication date. */
export const timeZoneField = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || DEFAULT_TIME_ZONE)
  .refine(isTimeZone, "Unknown time zone. Reload the page and try again.");

/**
 * The post form. `imageBases`: the addresses uploads may have besides /uploads/ paths (the
 * server's `uploadedImageBases()`).
 */
export const postSchema = (imageBases: readonly string[]) =>
  z
    .object({
      title: text("Title", LIMITS.title),
      slug: text("Slug", LIMITS.slug).refine(
        (v) => SLUG_PATTERN.test(v),
        "Slug may only contain lower-case letters, digits and single hyphens (for example my-first-post).",
      ),
      category: text("Category", LIMITS.category),
      excerpt: optionalText("Excerpt", LIMITS.excerpt),
      content: text("Content", LIMITS.content),
      imageUrl: imageUrl("Cover image", imageBases),
      coverAlt: optionalText("Cover image alt text", LIMITS.coverAlt),
      metaTitle: optionalText("Meta title", LIMITS.metaTitle),
      metaDescription: optionalText("Meta description", LIMITS.metaDescription),
      published: checkbox,
      featured: checkbox,
      tagIds: z.array(recordId("Unknown tag.")).max(LIMITS.tags, `A post can have at most ${LIMITS.tags} tags.`),
      /** 'Publication date' as typed (datetime-local), read in `timeZone`, the editor's zone sent by the browser. */
      publishedAt: publishedAtField,
      timeZone: timeZoneField,
    })
    .transform(({ publishedAt, timeZone, ...post }) => ({
      ...post,
      /** null: the field was left empty (publishing dates the post now). */
      publishedAt: publishedAt ? fromLocalInput(publishedAt, timeZone) : null,
    }));

/** The post form's buttons: save (the default), Preview (renders `content`), Add Tag, and the preview link's two. */
export const postIntentSchema = z.object({
  intent: z.enum(["save", "preview", "add-tag", "create-preview-link", "revoke-preview-link", "autosave", "discard-autosave"]).catch("save"),
  content: z
    .string()
    .catch("")
    .transform((v) => v.slice(0, LIMITS.content)),
});

/** A team member; `imageBases` as for `postSchema`. */
export const teamMemberSchema = (imageBases: readonly string[]) =>
  z.object({
    name: text("Name", LIMITS.name),
    position: text("Position", LIMITS.position),
    bio: nullableText("Bio", LIMITS.bio),
    linkedinUrl: z
      .string()
      .trim()
      .max(LIMITS.url, "LinkedIn URL is too long.")
      .optional()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isHttpUrl(v), "LinkedIn URL must be a full address starting with https://."),
    displayOrder,
    photoUrl: imageUrl("Photo", imageBases),
    active: checkbox,
  });

/** A testimonial; `imageBases` as for `postSchema`. */
export const testimonialSchema = (imageBases: readonly string[]) =>
  z.object({
    name: text("Name", LIMITS.name),
    company: text("Company", LIMITS.company),
    role: nullableText("Role", LIMITS.role),
    quote: text("Quote", LIMITS.quote),
    displayOrder,
    avatarUrl: imageUrl("Avatar", imageBases),
    active: checkbox,
  });

/** A list's delete button: the intent and the record's id (hidden fields). */
export const deleteSchema = z.object({ intent: z.literal("delete", { message: "Unknown request." }), id: recordId() });

/** /admin/leads 'Mark as handled' / 'Mark as not handled'. */
export const leadHandledSchema = z.object({
  id: recordId(),
  handled: z.enum(["true", "false"], { message: "Unknown request." }).transform((v) => v === "true"),
});

/** /admin/leads: a lead's status ('Update status'). */
export const leadStatusSchema = z.object({
  intent: z.literal("status", { message: "Unknown request." }),
  id: recordId(),
  status: z.enum(["new", "contacted", "qualified", "booked", "held", "won", "lost"], { message: "Choose one of the statuses." }),
});

export const MAX_LEAD_NOTE_LENGTH = 5000;

/** /admin/leads 'Add note'. */
export const leadNoteSchema = z.object({
  intent: z.literal("note", { message: "Unknown request." }),
  id: recordId(),
  body: z
    .string({ message: "Write a note first." })
    .trim()
    .min(1, "Write a note first.")
    .max(MAX_LEAD_NOTE_LENGTH, `A note must be at most ${MAX_LEAD_NOTE_LENGTH} characters.`),
});

/** /admin/leads 'Retry' of a failed CRM webhook delivery. */
export const leadRetrySchema = z.object({ intent: z.literal("retry-webhook", { message: "Unknown request." }), id: recordId() });

/** /admin/users: grant or revoke the admin role, or delete the account (better-auth ids are not uuids). */
export const accountChangeSchema = z.object({
  id: z.string({ message: "Unknown account." }).min(1, "Unknown account.").max(100, "Unknown account."),
  intent: z.enum(["grant", "revoke", "delete"], { message: "Unknown request." }),
});

/** /admin/settings: its schema lives with the settings (app/lib/site-settings.ts). */
export { settingsSchema } from "./site-settings";

export const tagNameSchema = z.string().trim().max(LIMITS.tagName, `A tag name must be at most ${LIMITS.tagName} characters.`);

/** A new password's length (PRODUCT.md: at least 12 characters); signing in with an older, shorter one still works. */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * What the sign-up, reset and change of a password say when the new one is refused: the form
 * shows them, better-auth's before-hook (app/server/accounts/password-policy.server.ts) throws them, so
 * client and server use the same words.
 */
export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  common: "This password is too common. Choose another.",
  email: "Don't use your email address as your password.",
} as const;

/** The length rule of a new password, the one check the browser can make without the list: a message, or null. */
export function newPasswordLengthProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** True for the messages above: the form shows them beside the password field. */
export function isPasswordMessage(message: string) {
  return (Object.values(PASSWORD_MESSAGES) as string[]).includes(message);
}

export const credentialsSchema = z.object({
  email: z.string().trim().min(1, "Email is required.").max(254, "Email is too long.").pipe(z.email("Enter a valid email address.")),
  password: z.string().min(1, "Password is required.").max(MAX_PASSWORD_LENGTH, PASSWORD_MESSAGES.tooLong),
});

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed parse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
