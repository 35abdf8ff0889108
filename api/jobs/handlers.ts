import type { Mailer } from "../mail/mailer";
import { MAIL_JOB, mailJob } from "../mail/mail-job";
import type { JobHandlers } from "./worker";

/** Every kind of job the API runs, by kind: one line per kind. */
export const jobHandlers = (deps: { mailer: Mailer }): JobHandlers => ({
  [MAIL_JOB]: mailJob(deps.mailer),
});
