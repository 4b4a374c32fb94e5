import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { hydrated, linkIn, toastText } from "./support/admin";
import { decodeMailBody, startMailServer, type ReceivedMail } from "./support/mail-server";
import { startOwnServer, type OwnServer } from "./support/own-server";

/**
 * Invitations on a server of its own (it turns 'Allow sign-up' off, which every other spec's
 * sign-up relies on), with a mail server of its own: an admin invites an address from
 * /admin/users, the mailed link signs it up while sign-up is closed, with the invited role; a
 * revoked invitation's link is refused.
 */
const ADMIN = { email: "invitations-admin@studio.test", password: "invitations-admin-password" };
const PASSWORD = "invited-e2e-password-9";
let server: OwnServer;
let mail: { close(): Promise<void> };
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-invitations-mail-"));

test.describe.configure({ mode: "serial", timeout: 150_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const smtp = await startMailServer(mailDir);
  mail = smtp;
  server = await startOwnServer("invitations", ADMIN, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
});

test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

/** The newest mail to `to` in this spec's own mail server. */
async function mailTo(to: string) {
  let found: string | null = null;
  await expect
    .poll(
      () => {
        const mails = fs
          .readdirSync(mailDir)
          .sort()
          .map((f) => JSON.parse(fs.readFileSync(path.join(mailDir, f), "utf8")) as ReceivedMail)
          .filter((m) => m.to.includes(to));
        found = mails.length ? decodeMailBody(mails[mails.length - 1]!.raw) : null;
        return found !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test("with sign-up off, an invited address signs up by the mailed link, with admin access; a revoked link is refused", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await page.goto("/admin/settings");
  await hydrated(page);
  await page.getByRole("switch", { name: "Allow sign-up" }).uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toastText(page, "Settings saved")).toBeVisible();

  await page.goto("/admin/users");
  await hydrated(page);
  const invite = page.locator("form").filter({ has: page.getByRole("button", { name: "Send invitation" }) });
  await invite.getByLabel("Email", { exact: true }).fill("invited-editor@studio.test");
  await invite.getByLabel("Give admin access (the whole back-office)").check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(toastText(page, "Invitation sent")).toBeVisible();
  const pending = page.getByRole("listitem").filter({ hasText: "invited-editor@studio.test" });
  await expect(pending).toContainText("Admin access");

  // A second invitation, revoked before it is used.
  await invite.getByLabel("Email", { exact: true }).fill("revoked-guest@studio.test");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: "revoked-guest@studio.test" })).toBeVisible();
  const revokedLink = linkIn(await mailTo("revoked-guest@studio.test"), "invite=");
  await page.getByRole("button", { name: "Revoke invitation of revoked-guest@studio.test" }).click();
  await expect(toastText(page, "Invitation revoked")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "revoked-guest@studio.test" })).toHaveCount(0);

  const link = linkIn(await mailTo("invited-editor@studio.test"), "invite=");
  expect(link).toContain("/admin/auth?mode=signup&invite=");
  const guest = await browser.newContext({ baseURL: server.url });
  const signUp = await guest.newPage();
  await signUp.goto(link);
  await hydrated(signUp);
  await expect(signUp.getByRole("heading", { name: "Admin Sign Up" })).toBeVisible();
  const email = signUp.getByLabel("Email");
  await expect(email).toHaveValue("invited-editor@studio.test");
  await expect(email).toHaveAttribute("readonly", "");
  await signUp.getByLabel("Password").fill(PASSWORD);
  await signUp.getByRole("button", { name: "Sign Up", exact: true }).click();
  // Signed in at once, with the invited admin access: the back-office itself.
  await expect(signUp).toHaveURL(/\/admin\/blog/);
  await expect(signUp.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();

  // The link was used once; it no longer opens a sign-up.
  const again = await browser.newContext({ baseURL: server.url });
  const reuse = await again.newPage();
  await reuse.goto(link);
  await hydrated(reuse);
  await expect(reuse.getByRole("main").getByRole("alert")).toHaveText("This invitation is invalid or has expired. Ask an administrator for a new one.");

  await reuse.goto(revokedLink);
  await hydrated(reuse);
  await expect(reuse.getByRole("main").getByRole("alert")).toHaveText("This invitation is invalid or has expired. Ask an administrator for a new one.");
  await reuse.getByLabel("Email").fill("revoked-guest@studio.test");
  await reuse.getByLabel("Password").fill(PASSWORD);
  await reuse.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(reuse.getByRole("main").getByRole("alert")).toHaveText("Sign-up is closed. Ask an administrator for an invitation.");

  await page.goto("/admin/users?q=invited-editor");
  await expect(page.getByRole("row").filter({ hasText: "invited-editor@studio.test" }).getByText("Admin", { exact: true }).last()).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "invited-editor@studio.test" })).toHaveCount(0);

  // The audit log has the admin's invitations, the revoke, the settings change and the invited sign-up.
  await page.goto("/admin/audit-log?type=user");
  const entries = page.locator("table tbody tr");
  await expect(entries.filter({ hasText: "Invitation sent" })).toHaveCount(2);
  await expect(entries.filter({ hasText: "Invitation revoked" })).toHaveCount(1);
  await page.goto("/admin/audit-log?type=settings.update");
  await expect(entries.filter({ hasText: "Settings changed" })).toHaveCount(1);
  await page.goto(`/admin/audit-log?person=${encodeURIComponent("invited-editor@studio.test")}&type=auth.sign-up`);
  await expect(entries.filter({ hasText: "Signed up" })).toHaveCount(1);
  await again.close();
  await guest.close();
  await context.close();
});
