import { useEffect } from "react";
import type { Route } from "./+types/site-preview";
import { requireAdmin } from "~/server/accounts/authz.server";
import { formValues, readForm, requireAdminWrite } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { landingDraft } from "~/server/site/landing-content.server";
import { landingCaseStudies, landingFeaturedCaseStudies, landingTestimonials } from "~/server/site/landing-page.server";
import { LANDING_MULTI, previewContent } from "~/lib/landing-form";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { landingMeta } from "~/lib/landing-meta";
import { PREVIEW_CSS, PREVIEW_MESSAGE, sectionOfHeading } from "~/lib/landing-preview";
import { siteFromMatches } from "~/lib/site-meta";
import { useSite } from "~/root";
import { LandingPage } from "~/components/landing/landing-page";
import { Header } from "~/components/layout/header";
import { Footer } from "~/components/layout/footer";

/**
 * The landing page with the draft, for the back-office's live preview (docs/decisions/0050):
 * admins only, never cached, never indexed, framed only by our own pages. GET shows the saved
 * draft; POST (the /admin/site pane's hidden form) shows the fields being typed, unsaved, each
 * section as typed when valid, else as saved.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [content, testimonials, caseStudies, featured] = await Promise.all([
    landingDraft(await db()),
    landingTestimonials(),
    landingCaseStudies(),
    landingFeaturedCaseStudies(),
  ]);
  return { content, testimonials, caseStudies, featured, invalid: [] as string[] };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdminWrite(request);
  const form = await readForm(request, "Error showing the preview");
  const typed = new FormData();
  try {
    const fields = form.get("fields");
    const pairs: unknown = typeof fields === "string" ? JSON.parse(fields) : [];
    if (Array.isArray(pairs))
      for (const pair of pairs) if (Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") typed.append(pair[0], pair[1]);
  } catch {
    // Unreadable fields: the saved draft is shown.
  }
  const [draft, testimonials, caseStudies, featured] = await Promise.all([
    landingDraft(await db()),
    landingTestimonials(),
    landingCaseStudies(),
    landingFeaturedCaseStudies(),
  ]);
  const { content, invalid } = previewContent(formValues(typed, LANDING_MULTI), draft, uploadedImageBases());
  return { content, testimonials, caseStudies, featured, invalid: invalid as string[] };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "X-Frame-Options": "SAMEORIGIN" };
}

/** The saved draft's head, marked noindex (the unsaved fields change only the page's body). */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  return landingMeta(siteFromMatches(matches), loaderData?.content, true);
}

export default function SitePreview({ loaderData, actionData }: Route.ComponentProps) {
  const { content, testimonials, caseStudies, featured, invalid } = actionData ?? loaderData;
  const site = useSite();
  useEffect(() => {
    // A click on an editable section tells the editor (our own origin only); links lead nowhere from the preview.
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const link = target?.closest("a[href]");
      if (link && !link.getAttribute("href")?.startsWith("#")) event.preventDefault();
      const section = sectionOfHeading(target?.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby"));
      if (section && window.parent !== window) window.parent.postMessage({ type: PREVIEW_MESSAGE, section }, window.location.origin);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);
  return (
    <>
      <style>{PREVIEW_CSS}</style>
      {invalid.length > 0 ? (
        <p role="status" className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-2 text-center text-sm font-medium text-black">
          Some fields are not valid yet; their sections show the saved draft.
        </p>
      ) : null}
      {/* Clicks made before this frame's script is live are held and replayed once it is (app/boot/inline/early-clicks.ts): a click on a section right after a refresh still leads to its fields. */}
      <div data-hold-clicks className="contents">
        <Header label="Landing page preview header" brand={site.brandName} communityUrl={site.communityUrl} schedulingUrl={site.schedulingUrl} />
        <LandingPage
          label="Landing page preview"
          content={content}
          testimonials={testimonials}
          caseStudies={caseStudies}
          featured={featured}
          communityUrl={site.communityUrl}
        />
        <Footer brand={site.brandName} communityUrl={site.communityUrl} linkedinUrl={site.linkedinUrl} year={new Date().getFullYear()} />
      </div>
    </>
  );
}
