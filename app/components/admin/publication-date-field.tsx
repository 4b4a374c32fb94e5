import { useRef, useState } from "react";
import { Field, controlClass } from "~/components/ui/field";
import { useTimeZone } from "~/components/ui/local-date-time";
import { fromLocalInput, toLocalInput, zoneLabel } from "~/lib/publication-date";
import { useTypedBeforeHydration } from "./use-typed-before-hydration";

/**
 * 'Publication date': a date and time in the editor's time zone, shown beside it ("Europe/Paris
 * (UTC+01:00)"). The zone goes with the form (`timeZone`), so the server stores the instant the
 * editor meant. The server renders it in UTC (it cannot know the zone); the browser then shows
 * it in its own zone. Without JavaScript the field stays in UTC and says so.
 */
export function PublicationDateField({
  stored,
  typed,
  typedZone,
  error,
  what = "post",
}: {
  /** The stored publication time (ISO), or null. */
  stored: string | null;
  /** What was typed before a failed save (no-JavaScript round trip), and in which zone. */
  typed?: string;
  typedZone?: string;
  error?: string;
  /** What is scheduled, in the hint ("post", "case study"). */
  what?: string;
}) {
  const browserZone = useTimeZone();
  // What the editor typed since the page loaded (null: untouched, the stored date is shown).
  const [edited, setEdited] = useState<string | null>(typed ?? null);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, setEdited);
  const zone = typed !== undefined && typedZone ? typedZone : browserZone;
  const value = edited ?? (stored ? toLocalInput(new Date(stored), zone) : "");
  const instant = (value && fromLocalInput(value, zone)) || new Date();
  const zoneId = "field-publishedAt-zone";
  return (
    <div>
      <Field
        name="publishedAt"
        label="Publication date"
        error={error}
        hint={`Left empty, it is set when you publish. A date in the future schedules the ${what}: it goes public by itself at that time.`}
      >
        {(tie) => (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <input
              {...tie}
              ref={input}
              type="datetime-local"
              step={1}
              value={value}
              onChange={(event) => setEdited(event.currentTarget.value)}
              aria-describedby={[zoneId, tie["aria-describedby"]].filter(Boolean).join(" ")}
              className={controlClass({ className: "w-auto min-w-56" })}
            />
            <span id={zoneId} className="text-sm text-muted">
              {zoneLabel(zone, instant)}
            </span>
          </div>
        )}
      </Field>
      <input type="hidden" name="timeZone" value={zone} />
    </div>
  );
}
