import { ArrowRight, Star } from "lucide-react";
import { BlogIcon } from "./blog-icons";
import type { BlogCard } from "~/lib/blog";
import { postCards as copy } from "~/content/blog";
import { BLOG_CARD_STAGGER } from "~/content/motion";
import { cn } from "~/lib/cn";
import { buttonClass } from "~/components/ui/button";
import { CoverImage } from "./cover-image";
import { CategoryBadge, PostMeta } from "./post-meta";

/**
 * A post's excerpt, rendered from markdown on the server (bold stays bold), clamped to its lines.
 * Its own links stay clickable above the card's stretched title link, never nested in it.
 */
function Excerpt({ html, className }: { html: string; className?: string }) {
  return <div className={cn("post-excerpt", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A grid card: image, category, title (2 lines), excerpt (3 lines), date, read time, 'Read More'.
 * The title's link covers the whole card (a stretched link), so the card holds no nested links.
 *
 * The covers of cards that may start off-screen are drawn only near the viewport
 * (`content-visibility: auto` on the cover's 16:9 box, so it keeps its size undrawn and nothing
 * moves when it is drawn): the browser fetches those lazy covers from there instead of ~1250 px
 * ahead, so on a phone they no longer share the first bytes with the page's font and first cover
 * (decision 0036). Below the title, the excerpt, date, read time and 'Read More' are drawn when near
 * too, in a box of fixed height (three of the excerpt's lines and the meta below: the excerpt is
 * always three lines tall, the date and read time one line, or two stacked on screens under
 * 22.5rem where they would not fit side by side), so the box takes the same room drawn or not and
 * nothing moves. The first layout of /blog then lays out the cards' titles only: its longest task
 * at load was that layout, and it outlasted the first paint in Lighthouse's estimate. The title
 * stays out of the box: its link stretches over the whole card, and a box drawn when near is the
 * containing block of what is positioned inside it.
 *
 * `searchResult`: on a phone the card of a search result leaves its cover out, so the first
 * results' titles show between the search box and the on-screen keyboard.
 */
export function PostCard({
  post,
  index,
  eager = false,
  id,
  searchResult = false,
}: {
  post: BlogCard;
  index: number;
  eager?: boolean;
  id?: string;
  searchResult?: boolean;
}) {
  const href = `/blog/${post.slug}`;
  return (
    <article id={id} className="blog-card-in group post-card" style={{ animationDelay: `${(index * BLOG_CARD_STAGGER).toFixed(1)}s` }}>
      <div className={cn("overflow-hidden", !eager && "aspect-video [content-visibility:auto]", searchResult && "max-sm:hidden")}>
        <CoverImage
          src={post.imageUrl}
          alt={post.coverAlt}
          title={post.title}
          category={post.category}
          priority={eager}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          className="transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <CategoryBadge className="self-start">{post.category}</CategoryBadge>
        <h3 className="mt-4 line-clamp-2 text-xl font-semibold leading-snug">
          <a href={href} className="post-card-link">
            {post.title}
          </a>
        </h3>
        <div className="post-card-rest">
          <Excerpt html={post.excerptHtml} className="line-clamp-3 h-[3lh] shrink-0" />
          <div className="mt-auto pt-6">
            <PostMeta
              date={post.date}
              dateLabel={post.dateLabel}
              readTime={post.readTime}
              className="flex-nowrap gap-x-4 text-xs whitespace-nowrap max-[22.5rem]:flex-col max-[22.5rem]:items-start"
            />
            <a href={href} className="post-card-more">
              {copy.readMore}
              <span className="sr-only">: {post.title}</span>
              <BlogIcon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
            </a>
          </div>
        </div>
      </div>
    </article>
  );
}

/** The 'Featured Article' card: large image, 'Featured' badge, category, title, excerpt, meta, 'Read Article'. */
export function FeaturedPostCard({ post }: { post: BlogCard }) {
  const href = `/blog/${post.slug}`;
  return (
    <article className="group grid overflow-hidden rounded-3xl border border-border bg-surface shadow-[0_0_60px_-30px_var(--color-primary)] lg:grid-cols-2">
      <div className="overflow-hidden">
        <CoverImage
          src={post.imageUrl}
          alt={post.coverAlt}
          title={post.title}
          category={post.category}
          priority
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          className="h-full transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-col justify-center gap-4 p-6 sm:p-10">
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-strong px-3 py-1 text-xs font-semibold text-primary-foreground">
            <Star aria-hidden="true" className="size-3.5 fill-current" />
            {copy.featured}
          </span>
          <CategoryBadge>{post.category}</CategoryBadge>
        </div>
        <h3 className="text-2xl font-bold leading-tight tracking-tight sm:text-3xl">{post.title}</h3>
        <Excerpt html={post.excerptHtml} className="line-clamp-3" />
        <PostMeta date={post.date} dateLabel={post.dateLabel} readTime={post.readTime} />
        <a href={href} className={buttonClass({ className: "mt-2 self-start" })}>
          {copy.readArticle}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </div>
    </article>
  );
}
