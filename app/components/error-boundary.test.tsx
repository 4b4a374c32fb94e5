import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { ErrorBoundary as RootBoundary } from "~/root";
import { ErrorBoundary as AdminBoundary } from "~/routes/admin/layout";
import { ErrorBoundary as BlogListBoundary } from "~/routes/blog/list";
import { ErrorBoundary as BlogPostBoundary } from "~/routes/blog/post";

/** A raw database error, as a failed query throws it: visitors must never read it. */
const RAW = 'relation "blog_posts" does not exist (password=hunter2 host=db.internal)';

/** Renders `Boundary` for a route whose loader failed with `error`, under a root with the site config. */
function renderError(Boundary: ComponentType, error: unknown) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: Outlet,
      children: [{ id: "page", path: "page", Component: () => null, ErrorBoundary: Boundary }],
    },
  ]);
  const hydrationData = { loaderData: { root: { site: { brandName: "Studio" } } }, errors: { page: error } };
  return renderToStaticMarkup(<Stub initialEntries={["/page"]} hydrationData={hydrationData} />);
}

const boundaries = [
  { name: "root", Boundary: RootBoundary, shows: ["Unexpected Application Error!", "500", "Something went wrong on our side. Please try again."] },
  {
    name: "admin layout",
    Boundary: AdminBoundary,
    shows: ["Something went wrong", "Something went wrong on our side. Please try again.", "Back to Dashboard"],
  },
  { name: "blog list", Boundary: BlogListBoundary, shows: ["Error Loading Blog", "An error occurred", "Try again"] },
  { name: "blog post", Boundary: BlogPostBoundary, shows: ["Article Not Found", "The article you&#x27;re looking for doesn&#x27;t exist.", "Go Back"] },
] as const;

describe("error boundaries in production", () => {
  beforeEach(() => {
    vi.stubEnv("DEV", false);
    vi.stubEnv("PROD", true);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  for (const { name, Boundary, shows } of boundaries) {
    it(`${name}: a thrown raw error shows its screen with a generic text, never the error's message`, () => {
      const html = renderError(Boundary, new Error(RAW));
      for (const text of shows) expect(html).toContain(text);
      expect(html).not.toContain("blog_posts");
      expect(html).not.toContain("hunter2");
    });
  }

  it("error responses show their payload's message (written for visitors)", () => {
    const badPage = new ErrorResponse(400, "Bad Request", { message: "The page number must be a whole number of 1 or more." });
    expect(renderError(BlogListBoundary, badPage)).toContain("The page number must be a whole number of 1 or more.");
    const noSlug = new ErrorResponse(404, "Not Found", { message: "No article slug provided" });
    expect(renderError(BlogPostBoundary, noSlug)).toContain("No article slug provided");
    const gone = new ErrorResponse(404, "Post not found", { message: "Post not found. It may have been deleted.", toastTitle: "Error loading post" });
    const admin = renderError(AdminBoundary, gone);
    expect(admin).toContain("Not found");
    expect(admin).toContain("Post not found. It may have been deleted.");
    const routerError = renderError(RootBoundary, new ErrorResponse(405, "Method Not Allowed", "raw router text"));
    expect(routerError).toContain("<span>405</span><span> Method Not Allowed</span>");
  });

  it("the admin layout shows 'Waiting for access' with the address for a 403 of that reason", () => {
    const waiting = new ErrorResponse(403, "", { message: "No access yet.", reason: "waiting-for-access", email: "new@studio.test" });
    const html = renderError(AdminBoundary, waiting);
    expect(html).toContain("Waiting for access");
    expect(html).toContain("new@studio.test");
    expect(renderError(AdminBoundary, new ErrorResponse(403, "", { message: "This request did not come from this site.", reason: "cross-origin" }))).toContain(
      "Not allowed",
    );
  });
});
