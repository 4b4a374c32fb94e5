import type { FormValues } from "~/lib/form-result";
import type { LandingSectionName } from "~/lib/landing-content";

/**
 * For each landing section made editable after the first five: a bad value (the field it is
 * reported on and its message) and a good change with a text the page then shows, as HTML has it.
 */
export type SectionCase = {
  name: string;
  section: LandingSectionName;
  bad: (values: FormValues) => FormValues;
  field: string;
  message: string;
  good: (values: FormValues) => FormValues;
  shows: string;
};

/** A repeated field's values with the one at `index` replaced. */
export const replaced = (values: FormValues, name: string, index: number, value: string) => {
  const list = [...(values[name] as string[])];
  list[index] = value;
  return list;
};

export const sectionCases: SectionCase[] = [
  {
    name: "who we are",
    section: "who",
    bad: (v) => ({ ...v, statValue: replaced(v, "statValue", 2, "lots") }),
    field: "statValue.2",
    message: "Figure must be a number.",
    good: (v) => ({ ...v, whoTitle: "Engineers who ship", statValue: replaced(v, "statValue", 1, "250"), statSuffix: replaced(v, "statSuffix", 1, "x") }),
    shows: 'data-counter="250" data-counter-suffix="x"',
  },
];
