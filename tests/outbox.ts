/**
 * The development outbox of a running API (GET /api/dev/outbox), as the bff and e2e tests read it. Mail leaves through
 * the job queue after the request answered, so a test waits, bounded, for the job to have sent what it expects.
 */
export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
}

/** How long the worker, woken by the enqueue's NOTIFY, may take to send: far above its usual few milliseconds. */
const OUTBOX_WAIT_MS = 15_000;

/** The mail sent to `email`, newest first, once there are at least `atLeast` (default 1); throws after the wait. */
export async function sentMails(apiUrl: string, email: string, atLeast = 1): Promise<OutboxMail[]> {
  const until = performance.now() + OUTBOX_WAIT_MS;
  for (;;) {
    const res = await fetch(`${apiUrl}/api/dev/outbox?email=${encodeURIComponent(email)}`);
    if (!res.ok) throw new Error(`outbox answered ${res.status}`);
    const mails = ((await res.json()) as { data: OutboxMail[] }).data;
    if (mails.length >= atLeast) return mails;
    if (performance.now() > until) throw new Error(`${mails.length} e-mails to ${email} sent in ${OUTBOX_WAIT_MS} ms, ${atLeast} expected`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail sent to `email`, waiting for the first. */
export const sentMail = async (apiUrl: string, email: string): Promise<OutboxMail> => (await sentMails(apiUrl, email))[0]!;
