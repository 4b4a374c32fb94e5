/** The e2e server's address (global setup starts it on E2E_PORT), for clients made outside the browser fixtures. */
export const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
/** The Origin header of a same-site request. */
export const ORIGIN = { Origin: BASE };
