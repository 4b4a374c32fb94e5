import { ArrowRight } from "lucide-react";
import type { measuredFigures } from "~/lib/case-study";
import { caseStudyList as copy } from "~/content/case-studies";
import { CoverImage } from "~/components/blog/cover-image";
import { CategoryBadge } from "~/components/blog/post-meta";
import { HeadlineFigure } from "./case-study-figures";

export type CaseStudyCardData = {
  title: string;
  slug: string;
  client: string;
  industry: string;
  summary: string;
  imageUrl: string | null;
  coverAlt: string;
  featured: boolean;
  figures: ReturnType<typeof measuredFigures>;
};

/**
 * A case study on /case-studies, drawn like the blog's cards: cover, industry, title (a link that
 * covers the card), client, summary, the first figure before → after and a 'Read' link.
 */
export function CaseStudyCard({ study, eager = false }: { study: CaseStudyCardData; eager?: boolean }) {
  const href = `/case-studies/${study.slug}`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-colors hover:border-primary/60">
      <div className="overflow-hidden">
        <CoverImage
          src={study.imageUrl}
          alt={study.coverAlt}
          title={study.title}
          category={study.industry}
          priority={eager}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          className="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap gap-2">
          <CategoryBadge>{study.industry}</CategoryBadge>
          {study.featured ? <CategoryBadge className="border-accent/40 bg-accent/10 text-accent">{copy.featured}</CategoryBadge> : null}
        </div>
        <h3 className="mt-4 text-xl leading-snug font-semibold">
          <a href={href} className="after:absolute after:inset-0 after:content-['']">
            {study.title}
          </a>
        </h3>
        <p className="mt-2 text-sm font-medium text-foreground/80">{study.client}</p>
        <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted">{study.summary}</p>
        <div className="mt-auto space-y-4 pt-6">
          <HeadlineFigure figures={study.figures} />
          <span aria-hidden="true" className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent group-hover:underline">
            {copy.readMore}
            <ArrowRight className="size-4" />
          </span>
        </div>
      </div>
    </article>
  );
}
