import { expect, test } from "@playwright/test";
import { unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { leadsAdmin } from "./support/leads";
import { amounts, confirmBooking, firstPost, isPageview, literally, markWon, word } from "./support/revenue";

/**
 * An answer engine measured end to end (docs/decisions/0053): a visit whose referrer is ChatGPT
 * lands on a post, sends an audit request, the scheduler confirms the call and 'Won' gives its
 * value; the lead names ChatGPT as its answer engine and /admin/analytics credits the value to
 * the ChatGPT row and to the post's row of the answer-engine tables.
 */

test("a visit from a ChatGPT answer is credited to ChatGPT, from the lead to the won value on /admin/analytics", async ({ browser, request, baseURL }) => {
  const marker = word("answer");
  const company = word("Answerco");
  const name = unique("Ava Answer");
  const { context: adminContext, page } = await leadsAdmin(browser, { viewport: { width: 1440, height: 900 } });
  // Found from the admin's browser: the visitor's first page view of the day must be the post it lands on.
  const post = await firstPost(page);

  // A visitor of its own (its own user agent: the daily visitor hash is address and agent), arriving from a ChatGPT answer.
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 ${marker}`;
  const visitor = await browser.newContext({ userAgent });
  const visit = await visitor.newPage();
  const viewed = visit.waitForResponse((r) => isPageview(r.request()));
  await visit.goto(post.path, { referer: "https://chatgpt.com/" });
  const beacon = await viewed;
  expect(JSON.parse(beacon.request().postData()!)).toMatchObject({ path: post.path, referrer: "https://chatgpt.com/" });
  expect(beacon.status()).toBe(204);

  const sent = await visitor.request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json", "User-Agent": userAgent },
    form: { name, company, email: "answer@pipeline.test", message: "Automate our monthly reporting" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { bookingRef } = (await sent.json()) as { bookingRef: string };
  await visitor.close();
  await confirmBooking(request, bookingRef);
  const { open } = await markWon(page, { name, company }, 4321);
  const attribution = open.getByRole("region", { name: "Attribution" });
  await expect(attribution.getByRole("term")).toContainText(["Answer engine", "Landing page"]);
  await expect(attribution.getByRole("definition").first()).toHaveText("ChatGPT");
  // The CSV export names it in its 'Answer engine' column, and again as the last touch (the lead's row is the only one of its company).
  const csv = (await (await page.request.get(`/admin/leads/export.csv?q=${company}`)).text()).trim().split(/\r?\n/);
  // Counted from the end: the columns after 'Answer engine' hold no comma, the message before them may.
  const cells = (line: string) => line.split(",").map((cell) => cell.replace(/^\uFEFF/, "").replace(/^"|"$/g, ""));
  const header = cells(csv[0]!);
  const row = cells(csv.at(-1)!);
  const column = (name: string) => row[row.length - header.length + header.indexOf(name)];
  expect(header.indexOf("Answer engine")).toBeGreaterThan(0);
  expect(column("Answer engine")).toBe("ChatGPT");
  expect(column("Last answer engine")).toBe("ChatGPT");

  await page.goto("/admin/analytics?period=7d");
  const engines = page.getByRole("region", { name: "Answer engines", exact: true });
  const chatgpt = engines.getByRole("row", { name: /^ChatGPT/ });
  const [visits, leads, firstTouch, lastTouch] = await chatgpt.getByRole("cell").allTextContents();
  // Other runs' and specs' ChatGPT visits may add to the row: this one is in it, as first and as last touch.
  expect(Number(visits)).toBeGreaterThanOrEqual(1);
  const [firstLeads, lastLeads] = leads!.split(" / ").map(Number);
  expect(firstLeads).toBeGreaterThanOrEqual(1);
  expect(lastLeads).toBeGreaterThanOrEqual(1);
  for (const touch of [firstTouch!, lastTouch!]) {
    expect(Number(/\d+/.exec(touch)?.[0])).toBeGreaterThanOrEqual(1);
    expect(amounts(touch)).toBeGreaterThanOrEqual(4321);
  }
  // No other engine was credited with this deal.
  await expect(engines.getByRole("row", { name: /^Perplexity/ }).getByRole("cell")).toHaveText([/./, /./, /· —$/, /· —$/]);

  const postRow = page
    .getByRole("region", { name: "Posts and case studies in answer engines" })
    .getByRole("row", { name: new RegExp(`^${literally(post.title)}`) });
  const [, postVisits, postLeads, , postWon] = await postRow.getByRole("cell").allTextContents();
  expect(Number(postVisits)).toBeGreaterThanOrEqual(1);
  expect(Number(postLeads)).toBeGreaterThanOrEqual(1);
  expect(amounts(postWon!)).toBeGreaterThanOrEqual(4321);

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `/admin/analytics at ${width}`).toEqual([]);
  }
  await adminContext.close();
});
