import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../../api/db/schema";
import { jobStatesOf } from "../../api/jobs/queue";
import { makeTestApi, type TestApi } from "./helpers";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "./smtp-sink";

// Mail leaves through the job queue (issue 23, DESIGN §4b): the request queues it, a `mail` job sends it over SMTP,
// here to a real SMTP server listening on a free local port, which refuses when the test says so.

let smtp: SmtpSink;
let received: ReceivedMail[];
let t: TestApi;
beforeAll(async () => {
  smtp = await startSmtpSink();
  received = smtp.received;
  t = await makeTestApi({ config: { SMTP_URL: smtp.url, MAIL_FROM: "Cargo Desk <no-reply@cargodesk.test>" } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const mailTo = async (email: string) => {
  const rows = await t.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email)).orderBy(outboxEmails.id);
  return rows.at(-1)!;
};
const deliveryOf = async (id: number) => (await jobStatesOf(t.database.db, "outbox_emails", [id])).get(id);

describe("mail through the job queue and SMTP", () => {
  it("is queued by the request, sent by its job, and sent again after the server refused once", async () => {
    const email = "s7.operator@cargodesk.test";
    const res = await t.app.inject({ method: "POST", url: "/api/v2/users/password", payload: { user: { email } } });
    expect(res.statusCode).toBe(201);
    // nothing left inside the request
    expect(received).toHaveLength(0);
    const mail = await mailTo(email);
    expect(mail.sent_at).toBeNull();
    expect(await deliveryOf(mail.id)).toMatchObject({ kind: "mail", state: "queued", attempts: 0, last_error: null });

    smtp.refuseNext();
    expect(await t.app.jobs.drain()).toBe(1);
    expect(received).toHaveLength(0);
    const refused = await deliveryOf(mail.id);
    expect(refused).toMatchObject({ state: "failed", attempts: 1 });
    expect(refused!.last_error).toContain("mailbox busy");
    expect((await mailTo(email)).sent_at).toBeNull();

    // the retry waits for its backoff on the API's clock (30 s at most after a first failure)
    expect(await t.app.jobs.drain()).toBe(0);
    t.clock.advance(30);
    expect(await t.app.jobs.drain()).toBe(1);
    expect(received).toHaveLength(1);
    const [sent] = received;
    expect(sent!.from).toBe("no-reply@cargodesk.test");
    expect(sent!.to).toEqual([email]);
    expect(sent!.raw).toContain("Subject: Reset password instructions");
    expect(sent!.raw).toMatch(/reset_password_token=3D[A-Za-z0-9_-]+|reset_password_token=[A-Za-z0-9_-]+/);
    expect(await deliveryOf(mail.id)).toMatchObject({ state: "succeeded", attempts: 2 });
    expect((await mailTo(email)).sent_at).toEqual(t.clock());

    // done is done: nothing runs again
    t.clock.advance(3600);
    expect(await t.app.jobs.drain()).toBe(0);
    expect(received).toHaveLength(1);
  });
});
