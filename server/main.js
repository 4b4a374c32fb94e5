// @ts-check
// The production server: Express in front of the React Router build. It validates the settings
// (read from the environment and ./.env by the build's config()), opens (and migrates, and on
// first start seeds) the database, then listens; SIGINT/SIGTERM stop it cleanly (requests under
// way are answered first) so the embedded database needs no recovery on the next start.
import path from "node:path";
import fs from "node:fs";
import http from "node:http";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import { drainOnStop } from "./drain.js";
import { wholeDrainListeners } from "./drain-listeners.js";

// A build is served in production mode unless told otherwise: React and React Router read
// NODE_ENV when the build loads them (below), and their development builds render a post about
// twice as slowly (measured: 28 ms a miss at p50 against 18 on PGlite at 100,000 posts).
process.env.NODE_ENV ??= "production";

const BUILD_PATH = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
const CLIENT_DIR = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * @param {string} message
 * @param {unknown} [error]
 * @returns {never}
 */
function fail(message, error) {
  console.error(`\n✖ ${message}`);
  if (error && process.env.DEBUG) console.error(error);
  process.exit(1);
}

if (!fs.existsSync(BUILD_PATH)) fail(`No build found at ${BUILD_PATH}. Run "npm run build" first (npm start does it for you).`);
/** @type {unknown} */
const loaded = await import(pathToFileURL(BUILD_PATH).href);
const build = /** @type {import("react-router").ServerBuild} */ (loaded);
// What app/entry.server.tsx exports besides React Router's own entry: lifecycle and the page cache.
const app = /** @type {typeof import("../app/entry.server")} */ (/** @type {unknown} */ (build.entry.module));

/** @param {unknown} error */
const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/** @type {ReturnType<typeof app.serverSettings>} */
let settings;
try {
  settings = app.serverSettings();
} catch (error) {
  fail(messageOf(error), error);
}

/** @type {Awaited<ReturnType<typeof app.startup>>} */
let info;
try {
  info = await app.startup();
} catch (error) {
  fail(`Could not start: ${messageOf(error)}`, error);
}

// The one place the client address is decided (app/server/http/client-address.server.ts, TRUST_PROXY):
// every request carries it as x-client-ip, whatever the client sent in that header.
const clientAddress = app.clientAddressResolver(settings.trustProxy);

const server = express();
server.disable("x-powered-by");
// Express reads the same rule for req.protocol and req.hostname.
server.set("trust proxy", app.trustFunction(settings.trustProxy));
server.use(compression());
server.use(wholeDrainListeners());

// Hashed build assets never change: cache them for a year, sent precompressed when the build made copies.
server.use("/assets", precompressed(path.join(CLIENT_DIR, "assets")));
server.use("/assets", express.static(path.join(CLIENT_DIR, "assets"), { immutable: true, maxAge: "1y", index: false }));
// Uploaded images have random names: immutable too.
if (info.localUploads) {
  server.use(
    info.localUploads.publicPrefix,
    express.static(info.localUploads.root, { immutable: true, maxAge: "1y", index: false, fallthrough: false, dotfiles: "deny" }),
  );
}
// The build's other client files (the favicon, the default share image, the process images): only
// addresses under one of its names reach the file system; a page's address went there first
// (an asynchronous stat, not found, on every page that was not in the page cache).
const clientNames = new Set(fs.readdirSync(CLIENT_DIR));
const clientFiles = express.static(CLIENT_DIR, { maxAge: "1h", index: false });
server.use((req, res, next) => (clientNames.has(firstSegment(req.path)) ? clientFiles(req, res, next) : next()));

// React Router, each body counted while it streams and checked at the boundary (app/server/http/).
server.all("/{*splat}", app.routerHandler(build, process.env.NODE_ENV));

/** @type {[string, string][]} */
const securityHeaders = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];
if (settings.appUrl.startsWith("https:")) securityHeaders.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);

// The stylesheet and font every page needs, announced in a 103 Early Hints while a page is rendered.
const earlyHintLinks = settings.earlyHints ? app.earlyHintLinks(build.assets) : [];

// Every response gets the security headers; public pages rendered since the last admin write are
// sent from memory (already compressed) before Express and React Router see the request. Others
// get the early hints first (app/server/http/early-hints.server.ts), then Express.
const listener = http.createServer((req, res) => {
  req.headers["x-client-ip"] = clientAddress(req);
  // A fetch by a known AI crawler of a post, its markdown, a case study or /llms.txt is counted once
  // answered, cached pages included; nothing is added to the response (app/server/analytics/crawl-counts.server.ts).
  app.countAiCrawl(req, res);
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  res.once("finish", () => {
    if (!req.complete) discardUnreadBody(req);
  });
  // An unknown method, stray bytes in the address, or a body anyone may send declared past its
  // limit: answered here, before anything reads it (app/server/http/request-guard.server.ts).
  const refusal = app.refuseEarly(req);
  if (refusal) return app.sendRefusal(req, res, refusal);
  // Beacon events (POST /api/event) are answered here, before Express (app/server/analytics/collect.server.ts).
  if (app.collectFromNode(req, res)) return;
  if (app.sendCachedPage(req, res)) return;
  app.sendEarlyHints(req, res, earlyHintLinks);
  server(req, res);
});
// A few public pages rendered before the port opens, so the first readers after a start do not pay
// for compiling the render code (app/server/site/warm-up.server.ts; WARM_UP=false skips it).
if (settings.warmUp) await app.warmUp(build, process.env.NODE_ENV, settings.appUrl);

// Kept-alive connections stay open longer than a client or proxy keeps an idle one (Node's 5 s
// default raced clients reusing a socket the server was closing: ECONNRESET on their next
// request). A stop closes them once idle for a second (STOP_IDLE_MS) whatever this is.
listener.keepAliveTimeout = 65_000;
listener.headersTimeout = 66_000;
// A stop answers what reaches a kept-alive connection (with "Connection: close") and closes the
// connection only once it is idle: a proxy's request already on its way is not lost (server/drain.js).
const drain = drainOnStop(listener);
listener.listen(settings.port, settings.host, () => {
  const where = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host}:${settings.port}`;
  console.log(`\n✔ Site ready at ${settings.appUrl}${settings.appUrl.includes(`:${settings.port}`) ? "" : ` (listening on ${where})`}`);
  console.log(`  database: ${info.database}`);
  console.log(`  storage:  ${info.storage}`);
  console.log(`  mail:     ${info.mail}`);
  console.log(`  Press Ctrl-C to stop.\n`);
});
listener.on("error", (error) => {
  const { code } = /** @type {NodeJS.ErrnoException} */ (error);
  fail(code === "EADDRINUSE" ? `Port ${settings.port} on ${settings.host} is already in use (set PORT to another one).` : error.message, error);
});

/**
 * The first segment of a path, percent-decoded as the file server decodes it ("" when it cannot be).
 * @param {string} pathname
 */
function firstSegment(pathname) {
  const segment = pathname.split("/", 2)[1] ?? "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return "";
  }
}

/** At most this much of a refused request's unsent body is read and dropped, for at most this long. */
const UNREAD_BODY_BYTES = 32 * 1024 * 1024;
const UNREAD_BODY_MS = 30_000;

/**
 * A request answered before its body was read (a 413 on its Content-Length, a 401 or 403) is
 * still being sent by the client. Closing the connection then resets it under the client, which
 * sees a broken pipe instead of the answer (a browser shows a network error, not "The image is
 * larger than 10 MB."). So the rest of the body is read and dropped, the way nginx lingers, and
 * the connection stays usable; past UNREAD_BODY_BYTES or UNREAD_BODY_MS it is closed.
 * @param {http.IncomingMessage} req
 */
function discardUnreadBody(req) {
  const { socket } = req;
  let left = UNREAD_BODY_BYTES;
  const timer = setTimeout(() => socket.destroy(), UNREAD_BODY_MS);
  const done = () => clearTimeout(timer);
  // The handler's reader (React Router's body stream, paused when its buffer filled) is detached.
  req.removeAllListeners("data");
  req.on("data", (/** @type {Buffer} */ chunk) => {
    left -= chunk.length;
    if (left < 0) socket.destroy();
  });
  req.once("end", done);
  req.once("close", done);
  req.resume();
}

/** The copies scripts/build.mjs makes of each asset, best first, and how a browser accepts each. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br", pattern: /\bbr\b/ },
  { encoding: "gzip", suffix: ".gz", pattern: /\bgzip\b/ },
];

/**
 * Sends `name.br` or `name.gz` (made by scripts/build.mjs) when the browser accepts it.
 * @param {string} dir
 * @returns {import("express").RequestHandler}
 */
function precompressed(dir) {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const accepted = String(req.headers["accept-encoding"] ?? "");
    let file;
    try {
      file = path.join(dir, path.normalize(decodeURIComponent(req.path)).replace(/^([/\\])+/, ""));
    } catch {
      return next();
    }
    if (!file.startsWith(dir + path.sep)) return next();
    for (const { encoding, suffix, pattern } of PRECOMPRESSED) {
      if (!pattern.test(accepted) || !fs.existsSync(file + suffix)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.type(path.extname(file));
      return res.sendFile(file + suffix, { immutable: true, maxAge: "1y" });
    }
    next();
  };
}

let stopping = false;
/** @param {NodeJS.Signals} signal */
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping…`);
  const force = setTimeout(() => {
    console.error("Shutdown took too long; exiting.");
    process.exit(1);
  }, 10_000);
  force.unref();
  // Drain: no new connections; requests under way and those reaching a kept-alive connection are
  // answered (with the database still open), each connection closed after its answer or once idle;
  // a load balancer sends the next requests elsewhere.
  await Promise.race([drain.stop(), new Promise((resolve) => setTimeout(resolve, 8_000).unref())]);
  try {
    await app.shutdown();
    console.log("Stopped cleanly.");
    process.exit(0);
  } catch (error) {
    console.error("Error while stopping:", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
