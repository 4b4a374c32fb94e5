// The production server: Express in front of the React Router build. It validates the settings,
// opens (and migrates, and on first start seeds) the database, then listens; SIGINT/SIGTERM
// stop it cleanly so the embedded database needs no recovery on the next start.
import path from "node:path";
import fs from "node:fs";
import http from "node:http";
import { pathToFileURL } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@react-router/express";

// Settings from ./.env when present (the environment wins), as documented in .env.example.
if (fs.existsSync(".env")) process.loadEnvFile(".env");

const BUILD_PATH = path.resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
const CLIENT_DIR = path.resolve(process.env.BUILD_DIR ?? "build", "client");

function fail(message, error) {
  console.error(`\n✖ ${message}`);
  if (error && process.env.DEBUG) console.error(error);
  process.exit(1);
}

if (!fs.existsSync(BUILD_PATH)) fail(`No build found at ${BUILD_PATH}. Run "npm run build" first (npm start does it for you).`);
const build = await import(pathToFileURL(BUILD_PATH).href);
const app = build.entry.module;

let settings;
try {
  settings = app.serverSettings();
} catch (error) {
  fail(error.message, error);
}

let info;
try {
  info = await app.startup();
} catch (error) {
  fail(`Could not start: ${error.message}`, error);
}

const server = express();
server.disable("x-powered-by");
if (settings.trustProxy) server.set("trust proxy", true);

server.use((req, res, next) => {
  // The one place the client address is decided (behind a proxy only with TRUST_PROXY=true).
  req.headers["x-client-ip"] = req.ip ?? "unknown";
  next();
});
server.use(compression());

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
server.use(express.static(CLIENT_DIR, { maxAge: "1h", index: false }));

server.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const securityHeaders = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ...(settings.appUrl.startsWith("https:") ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] : []),
];

// Every response gets the security headers; public pages rendered since the last admin write are
// sent from memory (already compressed) before Express and React Router see the request.
const listener = http.createServer((req, res) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  if (!app.sendCachedPage(req, res)) server(req, res);
});
listener.listen(settings.port, settings.host, () => {
  const where = `http://${settings.host === "0.0.0.0" || settings.host === "::" ? "localhost" : settings.host}:${settings.port}`;
  console.log(`\n✔ Site ready at ${settings.appUrl}${settings.appUrl.includes(`:${settings.port}`) ? "" : ` (listening on ${where})`}`);
  console.log(`  database: ${info.database}`);
  console.log(`  storage:  ${info.storage}`);
  console.log(`  mail:     ${info.mail}`);
  console.log(`  Press Ctrl-C to stop.\n`);
});
listener.on("error", (error) => {
  fail(error.code === "EADDRINUSE" ? `Port ${settings.port} on ${settings.host} is already in use (set PORT to another one).` : error.message, error);
});

/** Sends `name.br` or `name.gz` (made by scripts/build.mjs) when the browser accepts it. */
function precompressed(dir) {
  const encodings = [
    ["br", ".br"],
    ["gzip", ".gz"],
  ];
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
    for (const [encoding, suffix] of encodings) {
      if (!new RegExp(`\\b${encoding}\\b`).test(accepted) || !fs.existsSync(file + suffix)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.type(path.extname(file));
      return res.sendFile(file + suffix, { immutable: true, maxAge: "1y" });
    }
    next();
  };
}

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping…`);
  const force = setTimeout(() => {
    console.error("Shutdown took too long; exiting.");
    process.exit(1);
  }, 10_000);
  force.unref();
  listener.close();
  listener.closeIdleConnections();
  try {
    await app.shutdown();
    console.log("Stopped cleanly.");
    process.exit(0);
  } catch (error) {
    console.error("Error while stopping:", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
