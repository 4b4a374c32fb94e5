import { expect, test, type Page } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { adminSuite } from "./support/admin-suite";
import { axeViolations } from "./support/axe";

/* Two tabs on one case study (decision 0055): the later save from the tab opened on the older version is refused, nothing typed is lost, and the editor chooses. */

const { adminPage, records } = adminSuite();

const problem = (page: Page) => page.getByRole("textbox", { name: "The problem" });
const update = (page: Page) => page.getByRole("region", { name: "Case study actions" }).getByRole("button", { name: "Update Case Study" });

test("a save from a tab opened before another tab's save is refused, keeps the typed text, and can then save over it @phone", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page: first } = await adminPage(browser);
  const title = unique("Two tabs");
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  await first.goto("/admin/case-studies/new");
  await hydrated(first);
  await first.getByRole("textbox", { name: "Title" }).fill(title);
  await first.getByRole("textbox", { name: "Slug" }).fill(slug);
  await first.getByRole("textbox", { name: "Summary" }).fill("Orders read and booked without typing.");
  await problem(first).fill("Orders were typed twice.");
  await first.getByRole("textbox", { name: "What we built" }).fill("A workflow that reads every order.");
  await first.getByRole("textbox", { name: "Data processing time before (hours a week)" }).fill("30");
  await first.getByRole("textbox", { name: "Data processing time after (hours a week)" }).fill("4");
  await first.getByRole("textbox", { name: "Client" }).fill("A wholesaler");
  await first.getByRole("textbox", { name: "Industry" }).fill("Wholesale");
  await first.getByRole("button", { name: "Create Case Study" }).click();
  await expect(toastText(first, "Case study created")).toBeVisible();
  const href = (await first.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).getAttribute("href"))!;
  records.push(["/admin/case-studies", /\/edit\/([0-9a-f-]{36})$/.exec(href)![1]!]);

  // Both tabs open the same version; the second saves first.
  await first.goto(href);
  await hydrated(first);
  const second = await context.newPage();
  await second.goto(href);
  await hydrated(second);
  await second.getByRole("textbox", { name: "Summary" }).fill("Saved first, from the second tab.");
  await update(second).click();
  await expect(toastText(second, "Case study updated")).toBeVisible();

  // The first tab's save is refused: it says why, who saved, and every typed word stays.
  const typed = "Orders were typed twice, and a third time at month end.";
  await problem(first).fill(typed);
  await update(first).click();
  const notice = first.getByRole("alert").filter({ has: first.getByRole("heading", { name: "Not saved: this case study changed" }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("This case study was changed by someone else since you opened it.");
  await expect(notice).toContainText("Saved by");
  await expect(notice.getByRole("link", { name: "Load the saved version" })).toHaveAttribute("href", href);
  await expect(first).toHaveURL(new RegExp(`${href}$`));
  await expect(problem(first)).toHaveValue(typed);
  await expect(first.getByRole("textbox", { name: "Summary" })).toHaveValue("Orders read and booked without typing.");
  expect(await axeViolations(first)).toEqual([]);
  await notice.screenshot({ path: test.info().outputPath("save-conflict.png") });

  // The second tab's version is what is stored: opened again, the form shows it.
  await second.goto(href);
  await expect(second.getByRole("textbox", { name: "Summary" })).toHaveValue("Saved first, from the second tab.");
  await expect(problem(second)).toHaveValue("Orders were typed twice.");

  // 'Save mine over it' is the editor's deliberate choice: the first tab's text is saved.
  await notice.getByRole("button", { name: "Save mine over it" }).click();
  await expect(toastText(first, "Case study updated")).toBeVisible();
  await second.goto(href);
  await expect(problem(second)).toHaveValue(typed);
  await context.close();
});
