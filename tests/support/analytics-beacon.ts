import { action as collect } from "~/routes/resources/event-api";

/**
 * Beacons to POST /api/event for the analytics tests. Import it after the file's vi.mock of the
 * database client (and after its environment is set), as the route module itself would be.
 */
export const ORIGIN = "http://localhost:3000";
export const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** A beacon request as navigator.sendBeacon sends it (text/plain JSON, the page's origin). */
export function beacon(body: unknown, { ip = "10.1.0.1", ua = BROWSER, headers = {} }: { ip?: string; ua?: string; headers?: Record<string, string> } = {}) {
  const request = new Request(`${ORIGIN}/api/event`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "text/plain;charset=UTF-8", origin: ORIGIN, "user-agent": ua, "x-client-ip": ip, ...headers },
  });
  return collect({ request, params: {}, context: {} } as never);
}
