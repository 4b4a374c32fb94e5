import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/** The whole URL map: the public site, the blog, the back-office, then resource routes. */
export default [
  // A post's markdown for AI crawlers: the ".md" suffix makes this path rank above "blog/:slug".
  route("blog/:slug.md", "routes/resources/post-markdown.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("blog", "routes/blog/list.tsx"),
    route("blog/:slug", "routes/blog/post.tsx"),
    route("privacy", "routes/site/privacy.tsx"),
    route("terms", "routes/site/terms.tsx"),
    route("team", "routes/site/team.tsx"),
    route("audit", "routes/site/audit.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),

  route("admin/auth", "routes/admin/auth.tsx"),
  // The landing page with the draft, framed by /admin/site: the page itself, outside the back-office's shell.
  route("admin/site/preview", "routes/admin/site-preview.tsx"),
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/index.tsx"),
      route("dashboard", "routes/admin/dashboard.tsx"),
      route("blog", "routes/admin/posts.tsx"),
      route("blog/new", "routes/admin/post-form.tsx", { id: "admin-post-new" }),
      route("blog/edit/:id", "routes/admin/post-form.tsx", { id: "admin-post-edit" }),
      route("blog/edit/:id/history", "routes/admin/post-history.tsx"),
      route("site", "routes/admin/site.tsx"),
      route("site/history", "routes/admin/site-history.tsx"),
      route("tags", "routes/admin/tags.tsx"),
      route("team", "routes/admin/team.tsx"),
      route("team/new", "routes/admin/team-form.tsx", { id: "admin-team-new" }),
      route("team/edit/:id", "routes/admin/team-form.tsx", { id: "admin-team-edit" }),
      route("testimonials", "routes/admin/testimonials.tsx"),
      route("testimonials/new", "routes/admin/testimonial-form.tsx", { id: "admin-testimonial-new" }),
      route("testimonials/edit/:id", "routes/admin/testimonial-form.tsx", { id: "admin-testimonial-edit" }),
      route("leads", "routes/admin/leads.tsx"),
      route("analytics", "routes/admin/analytics.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("trash", "routes/admin/trash.tsx"),
      route("redirects", "routes/admin/redirects.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("audit-log", "routes/admin/audit-log.tsx"),
      route("account", "routes/admin/account.tsx"),
      // Any other back-office address: a 404 inside the shell (the layout's error screen), not the public page.
      route("*", "routes/admin/not-found.tsx", { id: "admin-not-found" }),
    ]),
  ]),

  route("healthz", "routes/resources/healthz.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("sitemaps/:file", "routes/resources/sitemap-part.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("rss.xml", "routes/resources/rss.ts"),
  route("llms.txt", "routes/resources/llms.ts"),
  route("og/:kind/:file", "routes/resources/og-image.ts"),
  route("api/auth/*", "routes/resources/auth-api.ts"),
  route("api/leads", "routes/resources/leads-api.ts"),
  route("api/event", "routes/resources/event-api.ts"),
  route("api/admin/upload", "routes/resources/upload.ts"),
  route("admin/leads/export.csv", "routes/resources/leads-export.ts"),
] satisfies RouteConfig;
