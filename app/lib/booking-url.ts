/** The booking's metadata key that carries the reference (app/server/scheduler/reference.server.ts). */
export const BOOKING_REF_KEY = "ref";

/**
 * The scheduling page's address with an opaque reference in the booking's metadata (Cal.com takes
 * `metadata[key]=value` from the address and returns it in its webhooks) and, for a lead who just
 * sent a request, their name and e-mail to prefill the booking form.
 */
export function bookingUrl(schedulingUrl: string, ref: string | null, prefill?: { name: string; email: string }) {
  let url: URL;
  try {
    url = new URL(schedulingUrl);
  } catch {
    return schedulingUrl;
  }
  if (ref) url.searchParams.set(`metadata[${BOOKING_REF_KEY}]`, ref);
  if (prefill) {
    url.searchParams.set("name", prefill.name);
    url.searchParams.set("email", prefill.email);
  }
  return url.toString();
}
