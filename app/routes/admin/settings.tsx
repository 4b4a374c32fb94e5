import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import { requireAdmin } from "~/server/accounts/authz.server";
import { failureReply, parseSubmission, readAdminForm, successReply } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { readSettings, updateSettings } from "~/server/site/settings.server";
import { BOOKING_REMINDER_CHOICES, SETTING_LABELS, bookingReminderLabel } from "~/lib/site-settings";
import { settingsSchema } from "~/lib/admin-validation";
import { makeToast, type Toast } from "~/lib/form-result";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { buttonClass } from "~/components/ui/button";
import { Switch } from "~/components/ui/switch";
import { Field, controlClass } from "~/components/ui/field";
import { CURRENCIES } from "~/lib/currency";

const SAVE_ERROR = "Error saving settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { settings: await readSettings(await db()), error: null };
  } catch (error) {
    log.error("loading settings failed", { error: errorText(error) });
    const failure: Toast = makeToast("Error loading settings", "The settings could not be loaded. Please try again.", "destructive");
    return { settings: null, error: failure };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, SAVE_ERROR);
  const submission = parseSubmission(form, settingsSchema, { errorTitle: SAVE_ERROR });
  if (!submission.ok) return submission.reply;
  try {
    const changes = await updateSettings(await db(), submission.value, user);
    const word = (c: (typeof changes)[number]) =>
      typeof c.after === "boolean" ? (c.after ? "on" : "off") : c.key === "bookingReminderHours" ? bookingReminderLabel(Number(c.after)) : c.after;
    const what = changes.map((c) => `${SETTING_LABELS[c.key]}: ${word(c)}`).join(", ");
    return successReply("Settings saved", what || "Nothing changed.");
  } catch (error) {
    log.error("saving settings failed", { error: errorText(error) });
    return failureReply(503, SAVE_ERROR, "The settings could not be saved. Please try again.", { values: submission.values });
  }
}

export function meta() {
  return [{ title: "Settings · Admin" }, { name: "robots", content: "noindex" }];
}

/** Each setting's description on its own line under the switch, whatever its length. */
const SETTING_ROW = "flex-wrap gap-y-1 [&>span]:basis-full";

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, error } = loaderData;
  useToastFrom(error);
  useToastFrom(actionData?.toast);
  const errors = actionData && !actionData.ok ? actionData.errors : {};
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/settings");

  return (
    <AdminPage
      title="Settings"
      description="Who may create an account, how admins sign in, the currency of deal values and the booking reminder."
      width="narrow"
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
    >
      {settings ? (
        <Panel>
          <Form method="post" className="space-y-6">
            <fieldset className="space-y-5">
              <legend className="mb-2 text-xl font-semibold">Accounts</legend>
              <Switch
                name="allowSignUp"
                label={SETTING_LABELS.allowSignUp}
                defaultChecked={settings.allowSignUp}
                description="Off: only people invited from Users can create an account."
                className={SETTING_ROW}
              />
              <Switch
                name="requireTwoFactor"
                label={SETTING_LABELS.requireTwoFactor}
                defaultChecked={settings.requireTwoFactor}
                description="Admins without an authenticator app are sent to set one up first."
                className={SETTING_ROW}
              />
            </fieldset>
            <fieldset className="space-y-5">
              <legend className="mb-2 text-xl font-semibold">Leads</legend>
              <Field name="currency" label={SETTING_LABELS.currency} error={errors.currency} hint="'Won' on Leads asks the deal's value in it.">
                {(tie) => (
                  <select {...tie} className={controlClass({ className: "max-w-xs" })} defaultValue={settings.currency}>
                    {CURRENCIES.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field
                name="bookingReminderHours"
                label={SETTING_LABELS.bookingReminderHours}
                error={errors.bookingReminderHours}
                hint="When a lead has booked no call this long after an audit request, they are mailed a one-click booking link, once."
              >
                {(tie) => (
                  <select {...tie} className={controlClass({ className: "max-w-xs" })} defaultValue={String(settings.bookingReminderHours || "off")}>
                    {BOOKING_REMINDER_CHOICES.map((hours) => (
                      <option key={hours} value={hours === 0 ? "off" : String(hours)}>
                        {bookingReminderLabel(hours)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </fieldset>
            <button type="submit" disabled={saving} className={buttonClass()}>
              {saving ? "Saving..." : "Save settings"}
            </button>
          </Form>
        </Panel>
      ) : (
        <p className="text-muted">The settings could not be loaded. Reload the page to try again.</p>
      )}
    </AdminPage>
  );
}
