import { describe, expect, it } from "vitest";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import AdminLeads from "./leads";
import AdminPosts from "./posts";
import AdminTeam from "./team";
import AdminTestimonials from "./testimonials";

/** Renders a list screen at `path` with the loader data its loader would return. */
function render(Screen: ComponentType<never>, path: string, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "screen", path, Component: Screen as ComponentType }]);
  return renderToStaticMarkup(<Stub initialEntries={[path]} hydrationData={{ loaderData: { screen: loaderData } }} />);
}

const failed = (title: string, description: string) => ({ items: [], error: { id: "t1", title, description, variant: "destructive" } });

/** What the post list's loader adds around its rows: the URL's filters and the tab counts. */
const postList = { q: "", status: "all", page: 1, counts: { all: 0, published: 0, drafts: 0, scheduled: 0 } };

/** The lead list's: its filters, the status counts, whether the CRM webhook is on, the server's clock and no lead open. */
const leadList = {
  q: "",
  status: "all",
  page: 1,
  total: 0,
  pageSize: 25,
  webhookEnabled: false,
  counts: { all: 0, new: 0, contacted: 0, qualified: 0, booked: 0, held: 0, won: 0, lost: 0 },
  now: "2026-11-28T09:00:00.000Z",
  pane: null,
};

const screens = [
  {
    name: "posts",
    Screen: AdminPosts,
    path: "/admin/blog",
    empty: "No blog posts yet",
    action: "Create your first post",
    failure: { ...failed("Error fetching posts", "The posts could not be loaded. Please try again."), ...postList },
    list: postList,
  },
  {
    name: "team",
    Screen: AdminTeam,
    path: "/admin/team",
    empty: "No team members yet",
    action: "Add your first team member",
    failure: failed("Error fetching team members", "The team could not be loaded. Please try again."),
  },
  {
    name: "testimonials",
    Screen: AdminTestimonials,
    path: "/admin/testimonials",
    empty: "No testimonials yet",
    action: "Add your first testimonial",
    failure: failed("Error loading testimonials", "The testimonials could not be loaded. Please try again."),
  },
  {
    name: "leads",
    Screen: AdminLeads,
    path: "/admin/leads",
    empty: "No leads yet",
    action: null,
    failure: { ...failed("Error fetching leads", "The leads could not be loaded. Please try again."), ...leadList },
    list: leadList,
  },
] as const;

describe("admin list screens", () => {
  for (const screen of screens) {
    const { name, Screen, path, empty, action, failure } = screen;
    const extra = "list" in screen ? screen.list : {};
    it(`${name}: a failed load says so and offers a retry of the same address, not the empty state`, () => {
      const html = render(Screen as ComponentType<never>, path, failure);
      expect(html).toContain(failure.error.description);
      expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*role="button"[^>]*>Try again</a>|<a[^>]*role="button"[^>]*href="${path}"[^>]*>Try again</a>`));
      expect(html).not.toContain(empty);
      if (action) expect(html).not.toContain(action);
    });

    it(`${name}: no records shows '${empty}'${action ? ` with '${action}'` : ""}`, () => {
      const html = render(Screen as ComponentType<never>, path, { items: [], error: null, ...extra });
      expect(html).toContain(empty);
      if (action) expect(html).toContain(action);
      expect(html).not.toContain("Try again");
    });
  }
});

describe("a post search past the count's cap", () => {
  it("reads 500+ on All, no count on the other tabs, the range of 500+ and a Next page", () => {
    const items = Array.from({ length: 25 }, (_, i) => ({
      id: `p${i}`,
      title: `Widget ${i}`,
      slug: `widget-${i}`,
      category: "Automation",
      published: true,
      featured: false,
      imageUrl: null,
      publishedAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    }));
    const loaderData = { ...postList, q: "widget", items, counts: { all: 500, published: null, drafts: null, scheduled: null }, capped: true, hasMore: true };
    const Stub = createRoutesStub([{ id: "screen", path: "/admin/blog", Component: AdminPosts as ComponentType }]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/admin/blog?q=widget"]} hydrationData={{ loaderData: { screen: loaderData } }} />);
    const tabs = html.slice(html.indexOf('aria-label="Posts by status"'), html.indexOf("</nav>", html.indexOf('aria-label="Posts by status"')));
    expect(tabs).toMatch(/All<span[^>]*>500\+<\/span>/);
    expect(tabs).toMatch(/Published<\/a>/);
    expect(html).toContain("Showing 1–25 of 500+");
    expect(html).toMatch(/<a[^>]*href="\/admin\/blog\?q=widget&amp;page=2"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="\/admin\/blog\?q=widget&amp;page=2"/);
  });
});
