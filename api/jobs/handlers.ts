import type { ApiConfig } from "../config";
import type { Mailer } from "../mail/mailer";
import { MAIL_JOB, mailJob } from "../mail/mail-job";
import { MESSAGE_JOB, messageJob } from "../messages/message-job";
import { OUTGOING_JOB, outgoingJob } from "../outgoing/send-outgoing";
import { TELEGRAM_JOB, telegramJob } from "../telegrams/telegram-job";
import type { JobHandlers } from "./worker";

/** Every kind of job the API runs, by kind: one line per kind. */
export const jobHandlers = (deps: { mailer: Mailer; config: ApiConfig }): JobHandlers => ({
  [MAIL_JOB]: mailJob(deps.mailer),
  [TELEGRAM_JOB]: telegramJob(),
  [OUTGOING_JOB]: outgoingJob(deps),
  [MESSAGE_JOB]: messageJob(),
});
