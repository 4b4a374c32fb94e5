import { expect, test } from "@playwright/test";
import { waitForMail } from "./support/mail-server";
import { fillAuditRequest } from "./support/site";

const LEADS_EMAIL = "leads@studio.test";
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test.describe("audit requests", () => {
  test("the hero button opens the audit dialog, which validates every field @phone", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("button", { name: "Book Your Automation Audit" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
    await expect(dialog).toBeVisible();
    // Sized to its form (672 px and its margins), not the 1,200 px of the scheduling dialog.
    const form = (await dialog.locator("form").boundingBox())!;
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(form.width + 2 * 28 + 2);
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog.getByText("Please enter your name.")).toBeVisible();
    await expect(dialog.getByText("Please enter your work email.")).toBeVisible();
    await expect(dialog.getByText("Please enter your company.")).toBeVisible();
    await expect(dialog.getByText(/at least 10 characters/)).toBeVisible();
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Work email").fill("not-an-email");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog.getByText("Please enter a valid email address, like jane@company.com.")).toBeVisible();
    // The honeypot is out of sight and out of the tab order.
    await expect(dialog.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a request with edited comparison figures is stored and mailed to the studio @phone", async ({ page }) => {
    const id = unique();
    await page.goto("/");
    const before = page.getByTestId("comparison");
    await before.scrollIntoViewIfNeeded();
    await before.getByRole("button", { name: /Data processing time/ }).click();
    await page.getByRole("textbox", { name: "Before Data processing time (hours)" }).fill("40");
    await page.keyboard.press("Enter");

    const since = Date.now();
    await page.locator("#contact").getByRole("button", { name: "Book An Automation Audit" }).click();
    const dialog = await fillAuditRequest(page, {
      name: `Ada ${id}`,
      email: `ada-${id}@example.com`,
      company: "Analytical Engines",
      message: `Automate our weekly investor reporting ${id}`,
    });
    await expect(dialog.getByText("Your figures from the comparison will be included:")).toBeVisible();
    await expect(dialog.getByText("Data processing time: 40 hours to 4.8 hours")).toBeVisible();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("status").getByText("Request received")).toBeVisible();
    // The dialog answers in place with what happens next (focused), and closes from there.
    await expect(dialog.getByRole("heading", { name: "What happens next" })).toBeFocused();
    await expect(dialog).toContainText(`ada-${id}@example.com`);
    await expect(dialog.getByRole("button", { name: "Send request" })).toHaveCount(0);
    // The booking is offered at once: the scheduling page with the lead's opaque reference, the name and e-mail prefilled.
    const book = new URL((await dialog.getByRole("link", { name: "Book your strategy call now" }).getAttribute("href"))!);
    expect(book.origin).toBe("https://cal.com");
    expect(book.searchParams.get("metadata[ref]")).toMatch(/^l_[\w-]{22}$/);
    expect(book.searchParams.get("email")).toBe(`ada-${id}@example.com`);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    // Opened again, it offers an empty form for another request.
    await page.locator("#contact").getByRole("button", { name: "Book An Automation Audit" }).click();
    await expect(dialog.getByLabel("Name")).toHaveValue("");
    await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();

    const mail = await waitForMail(LEADS_EMAIL, { since, pattern: new RegExp(id) });
    expect(mail.body).toContain(`ada-${id}@example.com`);
    expect(mail.body).toContain("Analytical Engines");
    expect(mail.body).toContain("Data processing time: 40 hours -> 4.8 hours");
    expect(mail.body).toContain("Source: contact");
    // Stored first, then mailed: the mail points to the stored list.
    expect(mail.body).toContain("/admin/leads");
  });

  test("a failed request keeps everything typed and shows a destructive toast", async ({ page }) => {
    await page.route("**/api/leads", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ ok: false, message: "The server is having a moment." }) }),
    );
    await page.goto("/");
    await page.getByRole("button", { name: "Book Your Automation Audit" }).click();
    const values = { name: "Grace", email: "grace@example.com", company: "Compilers Inc", message: "Our release notes, every week" };
    const dialog = await fillAuditRequest(page, values);
    await dialog.getByRole("button", { name: "Send request" }).click();
    const alert = page.getByRole("alert");
    await expect(alert.getByText("Could not send your request")).toBeVisible();
    await expect(alert.getByText("The server is having a moment.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveValue(values.name);
    await expect(dialog.getByLabel("Work email")).toHaveValue(values.email);
    await expect(dialog.getByLabel("Company")).toHaveValue(values.company);
    await expect(dialog.getByLabel("What would you like to automate?")).toHaveValue(values.message);
  });

  test("the API accepts POST only, from this origin, and checks fields on the server", async ({ request, baseURL }) => {
    expect((await request.get("/api/leads")).status()).toBe(405);
    const foreign = await request.post("/api/leads", {
      headers: { Origin: "https://evil.example" },
      form: { name: "X", email: "x@example.com", company: "Y", message: "Long enough message" },
    });
    expect(foreign.status()).toBe(403);
    const invalid = await request.post("/api/leads", { headers: { Origin: baseURL! }, form: { name: "", email: "nope", company: "C", message: "short" } });
    expect(invalid.status()).toBe(400);
    const body = (await invalid.json()) as { ok: boolean; errors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.errors).toMatchObject({ name: "Please enter your name.", email: "Please enter a valid email address, like jane@company.com." });
  });
});
