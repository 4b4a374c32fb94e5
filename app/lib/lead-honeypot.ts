/**
 * Name of the hidden field bots fill in and people never see. Apart from the schema in lead.ts so
 * the audit page's form can name it without bringing the validation library to every public page.
 */
export const HONEYPOT_FIELD = "website";
