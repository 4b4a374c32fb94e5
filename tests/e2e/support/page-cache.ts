import { expect, type APIRequestContext, type APIResponse } from "@playwright/test";

/* The page cache as the specs see it from outside: the Server-Timing mark of a kept page, and a page's kept bytes. */

export const HIT = "page-cache;desc=hit";
export const hit = (response: APIResponse) => (response.headers()["server-timing"] ?? "").includes(HIT);

/**
 * The page at `path` as kept: asked until it is answered from the cache in its refined form
 * (kept just after its first render, its stylesheet cut in the background), then its bytes.
 */
export async function keptBody(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  let body = "";
  await expect
    .poll(
      async () => {
        const response = await request.get(path, { failOnStatusCode: false, headers });
        body = await response.text();
        return hit(response) && body.includes('data-cut=""');
      },
      { message: `${path} kept`, timeout: 15_000 },
    )
    .toBe(true);
  return body;
}
