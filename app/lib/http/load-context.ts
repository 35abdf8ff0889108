import type { AppConfig } from "../config.server";
import type { RequestSession } from "../session/request-session.server";

/** What server.ts hands every loader and action (Hydrogen-style: built once per request). */
export interface CargoLoadContext {
  config: AppConfig;
  session: RequestSession;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends CargoLoadContext {}
}
