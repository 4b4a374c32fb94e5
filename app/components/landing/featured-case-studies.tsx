import { ArrowRight } from "lucide-react";
import type { measuredFigures } from "~/lib/case-study";
import { featuredCaseStudies as copy } from "~/content/case-studies";
import { HeadlineFigure } from "~/components/case-studies/case-study-figures";

/** What a featured case study's card shows (app/server/site/landing-page.server.ts reads it). */
export type FeaturedCaseStudy = {
  title: string;
  slug: string;
  client: string;
  industry: string;
  figures: ReturnType<typeof measuredFigures>;
};

/**
 * Under the comparison's frame (decision 0055): up to three published, featured case studies, each
 * its client, industry and headline figure before → after in the comparison's units, linked to its
 * page, then 'All case studies'. Server HTML in the comparison section, outside its island: no
 * script. Nothing when none is featured.
 */
export function FeaturedCaseStudies({ studies }: { studies: readonly FeaturedCaseStudy[] }) {
  if (studies.length === 0) return null;
  return (
    <div className="mt-12 border-t border-border pt-10 sm:mt-16 sm:pt-12">
      <h3 id="featured-case-studies-title" className="text-center text-xl font-semibold tracking-tight sm:text-2xl">
        {copy.title}
      </h3>
      {/* One or two cards sit in the middle, at the width they have among three. */}
      <ul aria-labelledby="featured-case-studies-title" className="mt-6 flex flex-wrap justify-center gap-4 sm:mt-8 md:gap-6">
        {studies.map((study) => (
          <li key={study.slug} className="flex w-full md:w-[calc((100%-3rem)/3)]">
            <article className="group relative flex w-full flex-col rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-primary/60">
              <p className="text-xs font-semibold tracking-wide text-primary-soft uppercase">{study.industry}</p>
              <h4 className="mt-3 text-lg leading-snug font-semibold">
                <a href={`/case-studies/${study.slug}`} className="after:absolute after:inset-0 after:rounded-2xl after:content-['']">
                  {study.title}
                </a>
              </h4>
              <p className="mt-2 text-sm text-foreground/80">{study.client}</p>
              <div className="mt-auto pt-5">
                <HeadlineFigure figures={study.figures} />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center sm:mt-8">
        <a
          href="/case-studies"
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-primary-soft underline-offset-4 hover:underline focus-visible:underline"
        >
          {copy.all}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </p>
    </div>
  );
}
