import express, { type Express } from "express";
import compression from "compression";
import type { AppConfig } from "../config.server";
import type { ClientConnection } from "./client-address.server";
import { sendFetchResponse, toFetchRequest } from "./node-bridge.server";
import { securityHeaders } from "./security-headers.server";

export type AppRequestHandler = (request: Request, connection?: ClientConnection) => Promise<Response>;

/**
 * The Express app server.ts listens with: static files from public/, everything else through the BFF
 * handler, which learns the socket's address here (a Fetch Request does not carry it). Factored out of
 * server.ts so a test can serve a real static file through it.
 */
export function createWebServer(handle: AppRequestHandler, config: Pick<AppConfig, "env">, publicDir = "public"): Express {
  const app = express();
  app.disable("x-powered-by");
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
  app.use(express.static(publicDir, { maxAge: "1h" }));
  app.all("*", async (req, res, next) => {
    try {
      await sendFetchResponse(res, await handle(toFetchRequest(req, res), { remoteAddress: req.socket.remoteAddress }));
    } catch (error) {
      next(error);
    }
  });
  return app;
}
