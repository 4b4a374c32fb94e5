/**
 * The kinds of audit-log entry (/admin/audit-log): each action is "<group>.<verb>", named here
 * with the words the screen shows. A new kind of write adds its action to a group below and calls
 * recordAudit (app/server/admin/audit.server.ts).
 */
export const AUDIT_GROUPS = {
  post: {
    label: "Posts",
    actions: {
      "post.create": "Post created",
      "post.update": "Post updated",
      "post.publish": "Post published",
      "post.schedule": "Post scheduled",
      "post.unpublish": "Post unpublished",
      "post.restore-version": "Post version restored",
      "post.preview-link-create": "Preview link created",
      "post.preview-link-revoke": "Preview link revoked",
      "post.bulk-publish": "Posts published",
      "post.bulk-unpublish": "Posts unpublished",
    },
  },
  "case-study": {
    label: "Case studies",
    actions: {
      "case-study.create": "Case study created",
      "case-study.update": "Case study updated",
      "case-study.publish": "Case study published",
      "case-study.schedule": "Case study scheduled",
      "case-study.unpublish": "Case study unpublished",
      "case-study.restore-version": "Case study version restored",
      "case-study.preview-link-create": "Case study preview link created",
      "case-study.preview-link-revoke": "Case study preview link revoked",
    },
  },
  trash: {
    label: "Trash",
    actions: {
      "trash.move": "Moved to the trash",
      "trash.restore": "Restored from the trash",
      "trash.delete-forever": "Deleted forever",
      "trash.purge": "Trash purged",
    },
  },
  "team-member": {
    label: "Team members",
    actions: { "team-member.create": "Team member created", "team-member.update": "Team member updated", "team-member.reorder": "Team reordered" },
  },
  testimonial: {
    label: "Testimonials",
    actions: {
      "testimonial.create": "Testimonial created",
      "testimonial.update": "Testimonial updated",
      "testimonial.reorder": "Testimonials reordered",
    },
  },
  tag: { label: "Tags", actions: { "tag.create": "Tag created", "tag.rename": "Tag renamed", "tag.merge": "Tags merged", "tag.delete": "Tag deleted" } },
  lead: {
    label: "Leads",
    actions: {
      "lead.status": "Lead status changed",
      "lead.handled": "Lead marked",
      "lead.note": "Lead note added",
      "lead.expected-value": "Expected value set",
      "lead.retry-webhook": "Lead webhook retried",
      "lead.booking": "Booked call changed",
      "lead.export": "Leads exported",
    },
  },
  user: {
    label: "Users",
    actions: {
      "user.grant-admin": "Admin access granted",
      "user.remove-access": "Admin access removed",
      "user.delete": "Account deleted",
      "user.invite": "Invitation sent",
      "user.invite-resend": "Invitation sent again",
      "user.invite-revoke": "Invitation revoked",
      "user.unlock": "Account unlocked",
    },
  },
  redirect: { label: "Redirects", actions: { "redirect.create": "Redirect added", "redirect.delete": "Redirect removed" } },
  upload: { label: "Uploads", actions: { "upload.create": "Image uploaded" } },
  settings: { label: "Settings", actions: { "settings.update": "Settings changed" } },
  site: {
    label: "Landing page",
    actions: {
      "site.draft-save": "Landing draft saved",
      "site.draft-discard": "Landing draft discarded",
      "site.publish": "Landing page published",
      "site.restore": "Landing page version restored",
    },
  },
  auth: {
    label: "Sign-in and security",
    actions: {
      "auth.sign-in": "Signed in",
      "auth.sign-in-failed": "Failed sign-in",
      "auth.lockout": "Account locked",
      "auth.sign-out": "Signed out",
      "auth.sign-up": "Signed up",
      "auth.email-verified": "Address confirmed",
      "auth.password-reset-request": "Password reset asked",
      "auth.password-reset": "Password reset",
      "auth.password-change": "Password changed",
      "auth.two-factor-enable": "Two-factor sign-in turned on",
      "auth.two-factor-disable": "Two-factor sign-in turned off",
      "auth.session-revoke": "Session signed out",
      "auth.other": "Account change",
    },
  },
} as const satisfies Record<string, { label: string; actions: Record<string, string> }>;

export type AuditGroup = keyof typeof AUDIT_GROUPS;
type ActionsOf<G extends AuditGroup> = keyof (typeof AUDIT_GROUPS)[G]["actions"];
export type AuditAction = Extract<{ [G in AuditGroup]: ActionsOf<G> }[AuditGroup], string>;

const LABELS: Record<string, string> = Object.fromEntries(Object.values(AUDIT_GROUPS).flatMap((g) => Object.entries(g.actions)));

/** The screen's words for an action; an unknown (newer) one shows as stored. */
export function auditActionLabel(action: string): string {
  return LABELS[action] ?? action;
}

export function isAuditGroup(value: string): value is AuditGroup {
  return Object.hasOwn(AUDIT_GROUPS, value);
}

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(LABELS, value);
}

/** The actions a `?type=` value stands for: a whole group ("post") or one action ("post.publish"); null: any. */
export function actionsOfType(type: string): string[] | null {
  if (isAuditGroup(type)) return Object.keys(AUDIT_GROUPS[type].actions);
  if (isAuditAction(type)) return [type];
  return null;
}
