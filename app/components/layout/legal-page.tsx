import type { LegalSection } from "~/content/legal";
import { LEGAL_LAST_UPDATED } from "~/content/legal";
import { formatMonth } from "~/lib/dates";

/** The layout shared by /privacy and /terms: title, when the text last changed, sections, contact address. */
export function LegalPage({
  title,
  lastUpdated,
  intro,
  sections,
  contactTitle,
  contactText,
  email,
}: {
  title: string;
  /** ISO year-month kept with the document's text, e.g. "2025-01". */
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
  contactTitle: string;
  contactText: string;
  email: string;
}) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-5 pt-32 pb-24 sm:px-8 sm:pt-40">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
      <p className="mt-3 text-sm text-muted">
        {LEGAL_LAST_UPDATED} <time dateTime={lastUpdated}>{formatMonth(lastUpdated)}</time>
      </p>
      <p className="mt-8 text-lg text-foreground/85">{intro}</p>
      <div className="mt-10 grid gap-10">
        {sections.map((section) => (
          <section key={section.title} aria-labelledby={slug(section.title)}>
            <h2 id={slug(section.title)} className="text-2xl font-semibold">
              {section.title}
            </h2>
            <SectionText section={section} />
            {section.subsections?.map((sub) => (
              <section key={sub.title} aria-labelledby={slug(sub.title)} className="mt-6">
                <h3 id={slug(sub.title)} className="text-xl font-semibold">
                  {sub.title}
                </h3>
                <SectionText section={sub} />
              </section>
            ))}
          </section>
        ))}
        <section aria-labelledby="legal-contact">
          <h2 id="legal-contact" className="text-2xl font-semibold">
            {contactTitle}
          </h2>
          <p className="mt-3 leading-relaxed text-muted">
            {contactText}{" "}
            <a href={`mailto:${email}`} className="text-accent underline underline-offset-4">
              {email}
            </a>
            .
          </p>
        </section>
      </div>
    </main>
  );
}

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** A section's paragraphs, its list, and the paragraphs after the list. */
function SectionText({ section }: { section: LegalSection }) {
  const paragraphs = (texts: string[] | undefined) =>
    texts?.map((p) => (
      <p key={p} className="mt-3 leading-relaxed text-muted">
        {p}
      </p>
    ));
  return (
    <>
      {paragraphs(section.paragraphs)}
      {section.list ? (
        <ul className="mt-3 grid list-disc gap-2 pl-6 text-muted">
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {paragraphs(section.after)}
    </>
  );
}
