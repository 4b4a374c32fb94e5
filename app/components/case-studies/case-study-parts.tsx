import { Quote } from "lucide-react";
import { caseStudyPage as copy } from "~/content/case-studies";

/** The tools a case study's build used, as chips. */
export function CaseStudyTools({ tools }: { tools: string[] }) {
  if (tools.length === 0) return null;
  return (
    <section aria-labelledby="tools-heading" className="mt-12">
      <h2 id="tools-heading" className="text-2xl font-bold tracking-tight">
        {copy.toolsHeading}
      </h2>
      <ul className="mt-4 flex flex-wrap gap-2">
        {tools.map((tool) => (
          <li key={tool} className="rounded-full border border-border bg-surface px-3 py-1 text-sm font-medium">
            {tool}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The client's words, with who said them. */
export function CaseStudyQuote({ quote }: { quote: { text: string; author: string; role: string | null } }) {
  return (
    <figure className="mt-12 rounded-2xl border border-border bg-surface p-6 sm:p-8">
      <Quote aria-hidden="true" className="size-8 text-primary-soft" />
      <blockquote className="mt-4 text-lg leading-relaxed text-balance sm:text-xl">
        <p>{quote.text}</p>
      </blockquote>
      <figcaption className="mt-5 text-sm text-muted">
        <span className="font-semibold text-foreground">{quote.author}</span>
        {quote.role ? `, ${quote.role}` : null}
      </figcaption>
    </figure>
  );
}
