import { faq } from "~/content/landing";
import { Accordion } from "~/components/ui/accordion";
import { Reveal } from "~/components/ui/reveal";
import { SectionHeading } from "./section-heading";

/** FAQ: seven questions, one open at a time, closable. */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 py-24 sm:py-32">
      <div className="mx-auto max-w-3xl px-5 sm:px-8">
        <Reveal>
          <SectionHeading id="faq-title" pill={faq.pill} title={faq.title} />
        </Reveal>
        <Accordion items={faq.items.map((item, i) => ({ id: `faq-${i + 1}`, title: item.question, content: <p>{item.answer}</p> }))} />
      </div>
    </section>
  );
}
