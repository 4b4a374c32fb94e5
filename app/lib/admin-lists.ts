/**
 * What the back-office lists and their loaders share (the loaders read the URL with
 * app/server/admin/list-params.server.ts; the controls are app/components/admin/list-controls.tsx).
 */

/** Rows on one page of a back-office list. */
export const ADMIN_PAGE_SIZE = 25;

/** The tabs of /admin/blog ('All', 'Published', 'Drafts', 'Scheduled'), as `?status=` values. */
export const ADMIN_POST_STATUSES = ["all", "published", "drafts", "scheduled"] as const;
export type AdminPostStatus = (typeof ADMIN_POST_STATUSES)[number];

/** The tabs of /admin/users ('All', 'Admins', 'Waiting for access'), as `?status=` values. */
export const ACCOUNT_STATUSES = ["all", "admins", "waiting"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
