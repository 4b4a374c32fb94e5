import { CASE_STUDY_FIGURES, CASE_STUDY_LIMITS } from "~/lib/case-study";
import { LIMITS } from "~/lib/admin-validation";
import { TextAreaField, TextField } from "~/components/ui/field";

type Text = (key: string, fallback: string | number | null | undefined) => string;
type Errors = Record<string, string | undefined>;
type Stored = Record<string, unknown> | null;

const stored = (record: Stored, key: string) => {
  const value = record?.[key];
  return typeof value === "string" || typeof value === "number" ? value : null;
};

/**
 * 'Results': each of the comparison's three figures before and after, in its units (hours a week,
 * percent of records, dollars a week). A pair may be left empty; at least one pair is needed.
 */
export function CaseStudyFigureFields({ text, errors, record }: { text: Text; errors: Errors; record: Stored }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Results</legend>
      <p className="text-sm text-muted">In the units of the landing page's comparison. Leave a pair empty when it was not measured; give at least one.</p>
      {CASE_STUDY_FIGURES.map((figure) => (
        <div key={figure.key} className="grid gap-4 sm:grid-cols-2">
          {(["Before", "After"] as const).map((side) => {
            const name = `${figure.key}${side}`;
            return (
              <TextField
                key={name}
                name={name}
                label={`${figure.label} ${side.toLowerCase()} (${figure.unit})`}
                inputMode="decimal"
                maxLength={20}
                defaultValue={text(name, stored(record, name))}
                error={errors[name]}
              />
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}

/** The client's quote (optional) and who said it. */
export function CaseStudyQuoteFields({ text, errors, record }: { text: Text; errors: Errors; record: Stored }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold">Quote (optional)</legend>
      <TextAreaField name="quote" label="Quote" rows={3} maxLength={LIMITS.quote} defaultValue={text("quote", stored(record, "quote"))} error={errors.quote} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="quoteAuthor"
          label="Quote by"
          maxLength={CASE_STUDY_LIMITS.quoteAuthor}
          defaultValue={text("quoteAuthor", stored(record, "quoteAuthor"))}
          error={errors.quoteAuthor}
        />
        <TextField
          name="quoteRole"
          label="Their role"
          maxLength={LIMITS.role}
          defaultValue={text("quoteRole", stored(record, "quoteRole"))}
          error={errors.quoteRole}
        />
      </div>
    </fieldset>
  );
}

/** Client, industry and tools: what the case study is about. */
export function CaseStudyAboutFields({ text, errors, record }: { text: Text; errors: Errors; record: Stored }) {
  const tools = record?.tools;
  return (
    <>
      <TextField
        name="client"
        label="Client"
        required
        maxLength={CASE_STUDY_LIMITS.client}
        defaultValue={text("client", stored(record, "client"))}
        error={errors.client}
        hint="The client's name, or a description that keeps them anonymous (“A 12-person venture fund”)."
      />
      <TextField
        name="industry"
        label="Industry"
        required
        maxLength={CASE_STUDY_LIMITS.industry}
        defaultValue={text("industry", stored(record, "industry"))}
        error={errors.industry}
      />
      <TextField
        name="tools"
        label="Tools"
        maxLength={2000}
        defaultValue={text("tools", Array.isArray(tools) ? tools.join(", ") : "")}
        error={errors.tools}
        hint={`Separated by commas, at most ${CASE_STUDY_LIMITS.tools}.`}
      />
    </>
  );
}
