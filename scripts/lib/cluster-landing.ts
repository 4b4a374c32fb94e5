import { DEFAULT_LANDING_CONTENT } from "../../app/lib/landing-content";
import { landingFormValues } from "../../app/lib/landing-form";

/**
 * 'Publish changes' on /admin/site through one process of the cluster (tests/cluster): the
 * shipped landing content with `headline` as the hero's headline, as the form's fields
 * (`landingFormValues`, so every section's field is sent), with the version the form was opened
 * on (a save over a newer one is refused). Answers the status (302 on success).
 */
export async function publishLandingThrough(appUrl: string, origin: string, cookie: string, headline: string) {
  const form = await (await fetch(`${appUrl}/admin/site`, { headers: { cookie } })).text();
  const version = /name="version"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="version"/.exec(form);
  const body = new URLSearchParams({ intent: "publish" });
  const values: Record<string, string | string[]> = { ...landingFormValues(DEFAULT_LANDING_CONTENT), heroHeadline: headline };
  for (const [name, value] of Object.entries(values)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  if (version) body.set("version", version[1] ?? version[2]!);
  const response = await fetch(`${appUrl}/admin/site`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body,
    redirect: "manual",
  });
  await response.text();
  return response.status;
}
