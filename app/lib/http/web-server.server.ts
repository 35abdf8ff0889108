import fs from "node:fs";
import express, { type Express } from "express";
import compression from "compression";
import type { AppConfig } from "../config.server";
import type { ClientConnection } from "./client-address.server";
import { lastResortErrorHandler } from "./last-resort-error.server";
import { sendFetchResponse, toFetchRequest } from "./node-bridge.server";
import { securityHeaders } from "./security-headers.server";

export type AppRequestHandler = (request: Request, connection?: ClientConnection) => Promise<Response>;

/**
 * The Express app server.ts listens with: static files from public/, everything else through the BFF
 * handler, which learns the socket's address here (a Fetch Request does not carry it). Factored out of
 * server.ts so a test can serve a real static file through it.
 *
 * Why not `@remix-run/express`'s createRequestHandler with getLoadContext (issue 9 §2): its handler builds the
 * Fetch Request from the socket and writes Remix's answer straight back, with nothing in between, and the BFF
 * needs both ends. Before Remix: request limits read the body under a cap and hand Remix the checked copy
 * (request-limits.server.ts), and a cross-origin form post is answered as a GET of /accessDenied without its
 * body being read (cross-origin.server.ts); getLoadContext can add to the context but cannot replace the
 * Request. After Remix: the session cookie is committed once, when any loader or action changed it (an async
 * encryption), and the CSP nonce, the other security headers and `Cache-Control: private, no-store` are set
 * over what the route answered; the package appends Remix's headers and sends at once. The package exports
 * nothing else (its createRemixRequest / sendRemixResponse are internal), so our small Node ↔ Fetch bridge
 * (node-bridge.server.ts) stays, around createAppHandler, which builds the load context once per request as
 * getLoadContext would (app-handler.server.ts). The client address is the one thing getLoadContext could do.
 */
export function createWebServer(handle: AppRequestHandler, config: Pick<AppConfig, "env" | "showErrorDetails">, publicDir = "public"): Express {
  const app = express();
  app.disable("x-powered-by");
  // nothing here reads req.query: the BFF reads the URL itself, after request-limits measured it
  app.set("query parser", false);
  app.use(compression());
  // Static files get the same headers as pages (no nonce: they are not documents that run inline scripts);
  // the BFF's answers set their own, with the nonce, over these.
  const headers = securityHeaders({ production: config.env === "production" });
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });
  // fingerprinted assets: cache for a year
  app.use("/build", express.static(`${publicDir}/build`, { immutable: true, maxAge: "1y" }));
  // public/'s other files (the icons) under their own names only: a static handler in front of every request
  // looked on disk for a file at each page's path first (a stat per page, about 1 % of a page's server time)
  const publicEntries = new Set(fs.readdirSync(publicDir).filter((entry) => entry !== "build"));
  const publicFiles = express.static(publicDir, { maxAge: "1h" });
  app.use((req, res, next) => (publicEntries.has(req.path.split("/")[1]!) ? publicFiles(req, res, next) : next()));
  // app.use, not app.all("*"): a route pattern makes Express decode the path as a parameter, and `/%FF` then
  // failed there with a 400 page carrying a stack trace; the BFF decodes paths itself
  app.use(async (req, res, next) => {
    try {
      const response = await handle(toFetchRequest(req, res), { remoteAddress: req.socket.remoteAddress });
      // A body refused before it was read in full (too large, cross-origin, no CSRF token) must not leave the
      // connection open: the client stops sending at our answer, so the bytes Node still expects as the body
      // would swallow its next request on the connection, and that navigation hung until the keep-alive timeout.
      if (!req.complete) res.setHeader("Connection", "close");
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  app.use(lastResortErrorHandler({ showErrorDetails: config.showErrorDetails }));
  return app;
}
