import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import sharp from "sharp";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { waitForMail } from "./mail-server";

/** The first account of the e2e database: it becomes the admin. */
export const ADMIN_EMAIL = "first-admin@studio.test";
export const ADMIN_PASSWORD = "first-admin-password";

function workDir() {
  const data = process.env.E2E_DATA_DIR;
  if (!data) throw new Error("E2E_DATA_DIR is not set (global setup)");
  return path.dirname(data);
}

export const unique = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;

/** Finds the confirmation (or reset) link in a received mail. */
export function linkIn(body: string, pathPart: string) {
  const match = new RegExp(`https?://[^\\s"<>]+${pathPart}[^\\s"<>]*`).exec(body);
  if (!match) throw new Error(`No ${pathPart} link in mail:\n${body}`);
  return match[0].replace(/&amp;/g, "&");
}

/** Signs up through /admin/auth and confirms by the mailed link; returns the page on the landing screen. */
export async function signUpAndConfirm(page: Page, email: string, password: string) {
  const since = Date.now();
  await page.goto("/admin/auth");
  await page.getByRole("button", { name: "Don't have an account? Sign Up" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByRole("status").getByText("Check your email")).toBeVisible();
  await expect(page.getByRole("status").getByText("We sent you a confirmation link.")).toBeVisible();
  const mail = await waitForMail(email, { since, pattern: /verify-email/ });
  await page.goto(linkIn(mail.body, "verify-email"));
  await expect(page).toHaveURL(/\/admin\/blog$/);
}

/**
 * The admin's saved browser state. The first caller in a run signs the first account up through
 * the UI (which makes it the admin); the other worker waits for the saved state.
 */
export async function adminState(browser: Browser): Promise<string> {
  const state = path.join(workDir(), "admin-state.json");
  const lock = path.join(workDir(), "admin-state.lock");
  if (fs.existsSync(state)) return state;
  let owner = false;
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
    owner = true;
  } catch {
    owner = false;
  }
  if (!owner) {
    await expect.poll(() => fs.existsSync(state), { timeout: 60_000 }).toBe(true);
    return state;
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndConfirm(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await context.storageState({ path: state });
  await context.close();
  return state;
}

/** A signed-in account without the admin role (signed up and confirmed, never granted). */
export async function nonAdminState(browser: Browser, email: string): Promise<string> {
  const file = path.join(workDir(), `state-${crypto.randomBytes(4).toString("hex")}.json`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndConfirm(page, email, "waiting-password");
  await expect(page.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  await context.storageState({ path: file });
  await context.close();
  return file;
}

export async function pngBytes(width = 96, height = 64, color = "#7b61ff") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function toastText(page: Page, title: string) {
  return page.getByRole("status").getByText(title, { exact: true });
}
export function errorToast(page: Page, title: string) {
  return page.getByRole("alert").getByText(title, { exact: true });
}

/** Answers the styled delete confirmation: it asks `question`, names `name`, and is confirmed with `button`. */
export async function confirmDialog(page: Page, question: string, name: string, button = "Delete") {
  const dialog = page.getByRole("dialog", { name: question });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The back-office's phone layout: below 1024 px its sidebar becomes a menu behind a button. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024;

/** The admin navigation that is on screen: the sidebar, or the phone menu (opened first). */
export async function adminNav(page: Page) {
  if (isPhone(page)) {
    const menu = page.getByRole("button", { name: "Menu" });
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return page.getByRole("navigation", { name: "Admin" });
}

/** Waits until React has hydrated the page (the root then releases the clicks held before it). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as Record<string, unknown>)["__releaseEarlyClicks"] === undefined);
}

/**
 * Waits until `target` has kept its place on screen for six frames (at most 3 s). A refused save
 * scrolls its first bad field into view smoothly, and on a 900 px window the sticky action bar
 * rests at the end of a short form, so it moves with that scroll: a click whose press and release
 * land on different spots is no click at all (twice in CI a second 'Create' sent nothing).
 * Playwright's own check of a steady target can pass between two frames of a busy machine's scroll.
 */
export async function whenStill(target: Locator) {
  await target.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const ends = performance.now() + 3_000;
        let last = "";
        let steady = 0;
        const look = () => {
          const box = element.getBoundingClientRect();
          const place = `${box.left},${box.top}`;
          steady = place === last ? steady + 1 : 0;
          last = place;
          if (steady >= 6 || performance.now() > ends) resolve();
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
  return target;
}

/**
 * Holds the app's entry module (which hydrates a page, or a frame in it) until `release()`:
 * `requested` settles once a page has asked for it, so that page's script is known not to be live.
 */
export async function holdAppEntry(page: Page) {
  let release!: () => void;
  let requested!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

/** Moves the posts a suite made to the trash when it ends (the blog list suites expect the demo posts first), as the admin of `statePath`. */
export async function trashPosts(browser: Browser, statePath: string, ids: readonly string[]) {
  const context = await browser.newContext({ storageState: statePath });
  const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
  for (const id of ids) await context.request.post("/admin/blog", { headers: origin, form: { intent: "delete", id } });
  await context.close();
}
