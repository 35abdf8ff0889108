import type { ErrorRequestHandler } from "express";
import { STATUS_CODES } from "node:http";
import { translator } from "../i18n/i18n.server";
import type { Locale } from "../session/session-data";

/**
 * Express's own error handler, for what fails outside Remix (a request the bridge cannot read, an answer Node
 * cannot send). Express's default prints the stack trace, with this machine's paths, whenever NODE_ENV is not
 * "production"; this one answers a short translated sentence and puts the stack in the server's console, where
 * a developer reads it. SHOW_ERROR_DETAILS=1 (config.server.ts) adds the stack to the answer as well.
 */
export function lastResortErrorHandler(options: { showErrorDetails: boolean }): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = clientErrorStatus(error) ?? 500;
    if (status >= 500) console.error(error);
    if (res.headersSent) {
      // part of the answer is out: a clean end is no longer possible, and a truncated page must not look whole
      res.destroy();
      return;
    }
    void answer(status, error, req.headers["accept-language"], options).then(
      (body) => {
        res.statusCode = status;
        res.statusMessage = STATUS_CODES[status] ?? "";
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.setHeader("Cache-Control", "no-store");
        // whatever the failed answer had set (its Location, its cookies) is not this answer's
        for (const name of ["Location", "Set-Cookie", "Content-Disposition", "Content-Length", "Refresh"]) res.removeHeader(name);
        res.end(body);
      },
      () => res.destroy(),
    );
  };
}

/** A 4xx that Express or the bridge decided (`status` on the error, the http-errors convention), else none. */
function clientErrorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500 ? status : undefined;
}

const LOCALES: readonly Locale[] = ["en", "ru", "es"];

async function answer(status: number, error: unknown, acceptLanguage: string | undefined, options: { showErrorDetails: boolean }): Promise<string> {
  const t = await translator(localeOf(acceptLanguage));
  const sentence = t(status < 500 ? "errors:BadRequest" : "errors:Undefined");
  if (!options.showErrorDetails) return sentence;
  return `${sentence}\n\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

/** No session or tenant is at hand here: the browser's first language we have, else English. */
function localeOf(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().slice(0, 2).toLowerCase();
    const locale = LOCALES.find((l) => l === tag);
    if (locale) return locale;
  }
  return "en";
}
