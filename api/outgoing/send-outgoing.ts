import { eq } from "drizzle-orm";
import { z } from "zod";
import { PERMANENT_OUTGOING_ERRORS, type OutgoingErrorCode } from "../../cargo/telegrams/outgoing-message";
import type { ApiConfig } from "../config";
import { outgoingMessages } from "../db/schema";
import type { OutgoingMessageRow } from "../db/tables/outgoing-messages";
import { jobHandler, PermanentJobError } from "../jobs/worker";
import type { Mailer } from "../mail/mailer";
import { loopbackAllowed, postToUrl, type PostOutcome } from "./post-url";

// Sending one outgoing message (record-outgoing.ts), as a job of the queue: by its channel, e-mail through the
// mailer (SMTP_URL), a POST to its URL (post-url.ts: the resolved address checked, no redirects), a Type-B telegram
// to the SITA gateway (SITA_GATEWAY_URL: POSTed as text; else SITA_GATEWAY_EMAIL: mailed). Each attempt writes
// its outcome on the row: sent, or the code of its error and, after the last attempt (or an error that trying again
// cannot cure), failed. A message already sent is not sent again by a job run twice.

export { OUTGOING_JOB } from "./record-outgoing";

type Outcome = PostOutcome;

const notConfigured = (what: string): Outcome => ({ ok: false, code: "channel_not_configured", detail: `${what} is not set on this server` });

/** An SMTP server's refusal (a 4xx/5xx reply) against a server that could not be reached at all. */
function mailFailure(err: unknown): Outcome {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const detail = (e.message ?? String(err)).slice(0, 300);
  if (typeof e.responseCode === "number" && e.responseCode >= 400) return { ok: false, code: "smtp_refused", detail };
  return { ok: false, code: /TIMEDOUT|ETIMEOUT/i.test(e.code ?? "") ? "timeout" : "smtp_unreachable", detail };
}

async function mail(mailer: Mailer, message: Parameters<Mailer["send"]>[0]): Promise<Outcome> {
  try {
    await mailer.send(message);
    return { ok: true, status: 250 };
  } catch (err) {
    return mailFailure(err);
  }
}

async function deliver(row: OutgoingMessageRow, deps: { mailer: Mailer; config: ApiConfig }, signal: AbortSignal): Promise<Outcome> {
  const { config } = deps;
  if (row.body === "") return { ok: false, code: "message_not_written", detail: row.last_error ?? "the message has no text" };
  switch (row.channel_type) {
    case "email":
      if (!config.SMTP_URL) return notConfigured("SMTP_URL");
      return mail(deps.mailer, {
        to: row.to.join(", "),
        cc: row.cc.length ? row.cc.join(", ") : undefined,
        bcc: row.bcc.length ? row.bcc.join(", ") : undefined,
        subject: row.subject ?? row.message_type ?? "Telegram",
        text: row.body,
      });
    case "url":
      return postToUrl(row.url ?? "", {
        body: row.body,
        headers: row.request_headers ?? { "content-type": "text/plain; charset=utf-8" },
        timeoutMs: config.OUTGOING_URL_TIMEOUT_MS,
        signal,
        allowLoopback: loopbackAllowed(config),
      });
    case "sita":
      if (config.SITA_GATEWAY_URL) {
        return postToUrl(config.SITA_GATEWAY_URL, { body: row.body, headers: { "content-type": "text/plain; charset=utf-8" }, timeoutMs: config.OUTGOING_URL_TIMEOUT_MS, signal, trusted: true });
      }
      if (config.SITA_GATEWAY_EMAIL && config.SMTP_URL) return mail(deps.mailer, { to: config.SITA_GATEWAY_EMAIL, subject: row.to.join(" "), text: row.body });
      return notConfigured("SITA_GATEWAY_URL (or SITA_GATEWAY_EMAIL with SMTP_URL)");
  }
}

export const outgoingJob = (deps: { mailer: Mailer; config: ApiConfig }) =>
  jobHandler({
    payload: z.object({ id: z.number().int().positive() }),
    // a server that refuses for a while: 30 s, 1 min, 2 min, 4 min between attempts
    backoff: { baseSeconds: 30, maxSeconds: 3600 },
    // past the channels' own bounds (SMTP: 15 s to connect, 15 s for the greeting, 30 s of silence; a URL:
    // OUTGOING_URL_TIMEOUT_MS at most 60 s), so an attempt always ends by writing its outcome on the row
    timeoutMs: 90_000,
    async run({ id }, { db, now, job, signal }) {
      const [row] = await db.select().from(outgoingMessages).where(eq(outgoingMessages.id, id));
      if (!row) throw new PermanentJobError(`outgoing message ${id} no longer exists`);
      if (row.status === "sent") return;
      const outcome = await deliver(row, deps, signal);
      const at = now();
      if (outcome.ok) {
        await db
          .update(outgoingMessages)
          .set({ status: "sent", sent_at: at, attempts: job.attempts, last_error_code: null, last_error: null, updated_at: at })
          .where(eq(outgoingMessages.id, id));
        return;
      }
      const code: OutgoingErrorCode = outcome.code;
      const permanent = PERMANENT_OUTGOING_ERRORS.has(code);
      const last = permanent || job.attempts >= job.max_attempts;
      await db
        .update(outgoingMessages)
        .set({ status: last ? "failed" : "queued", attempts: job.attempts, last_error_code: code, last_error: outcome.detail.slice(0, 500), updated_at: at })
        .where(eq(outgoingMessages.id, id));
      const message = `${code}: ${outcome.detail}`;
      throw permanent ? new PermanentJobError(message) : new Error(message);
    },
  });
