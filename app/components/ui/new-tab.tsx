import { navigation } from "~/content/site";

const NEW_TAB_NOTE_ID = "new-tab-note";

/**
 * Attributes of a link that opens in a new tab. Its name stays its visible text; the hidden note
 * below is its description, so assistive technology still says where it opens.
 */
export const newTabLink = { target: "_blank", rel: "noopener noreferrer", "aria-describedby": NEW_TAB_NOTE_ID } as const;

/** The one note every new-tab link points at; the public layout renders it once per page. */
export function NewTabNote() {
  return (
    <span id={NEW_TAB_NOTE_ID} hidden>
      {navigation.newTab}
    </span>
  );
}
