import type { LandingContent } from "~/lib/landing-content";
import { Accordion } from "~/components/ui/accordion";
import { LandingSection } from "./section-heading";

/** FAQ: the questions (seven by default), one open at a time, closable; the answers open without JavaScript too. */
export function FaqSection({ faq }: { faq: LandingContent["faq"] }) {
  return (
    <LandingSection name="faq" anchor width="3xl" pill={faq.pill} title={faq.title}>
      <Accordion items={faq.items.map((item, i) => ({ id: `faq-${i + 1}`, title: item.question, content: <p>{item.answer}</p> }))} />
    </LandingSection>
  );
}
