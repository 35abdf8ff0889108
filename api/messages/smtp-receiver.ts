import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { INCOMING_LIMITS } from "../../cargo/telegrams/incoming-message";
import type { Clock } from "../clock";
import type { Db } from "../db/open";
import type { IncomingDraft } from "./store-message";
import { receiveMessage } from "./store-message";

/**
 * The built-in SMTP receiver (issue 23; README "Telegrams"): with SMTP_INBOUND_PORT set, the API takes e-mail on that
 * port, reads each mail with mailparser and stores it as an incoming message exactly as POST messages does
 * (store-message.ts); its airline is decided by the addresses it was sent to (message-airline.ts). It never relays:
 * every mail is stored, for an airline or unassigned, never sent on.
 *
 * Limits before work (docs/hostile-input.md): a mail over INCOMING_LIMITS.rawSourceBytes is refused (552) by
 * smtp-server's `size` (announced in EHLO; a client that sends more anyway is cut off at the limit, not buffered),
 * at most 100 recipients, 20 connections at once, a minute of silence closes a connection, no reverse DNS lookup.
 * No AUTH and no STARTTLS: the port is meant for the airline's own mail relay or gateway on a private network.
 */

export interface SmtpReceiverOptions {
  port: number;
  host: string;
  db: Db;
  now: Clock;
  log: FastifyBaseLogger;
}

export interface SmtpReceiver {
  port: number;
  close(): Promise<void>;
}

const L = INCOMING_LIMITS;
/** PostgreSQL text cannot hold U+0000; a mail may carry it. */
const withoutNul = (s: string) => s.replaceAll("\u0000", "");

/** An SMTP refusal: the code tells the sender whether to try again (4xx) or give up (5xx). */
const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.flatMap((a) => (a.address ? [a.address] : (a.group ?? []).flatMap((g) => (g.address ? [g.address] : [])))));
}

const unique = (list: string[]) => [...new Set(list.map((a) => withoutNul(a).trim().slice(0, L.addressChars)).filter(Boolean))].slice(0, L.addresses);

/** The mail as an incoming message's draft; a body too long to be a telegram's mail is refused (552). */
export async function draftOfMail(raw: Buffer, session: Pick<SMTPServerSession, "envelope">): Promise<IncomingDraft> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true, skipTextToHtml: true });
  const body = withoutNul(mail.text ?? "");
  if (body.length > L.bodyChars) throw smtpError(552, `message body over ${L.bodyChars} characters`);
  const envelopeFrom = session.envelope.mailFrom ? [session.envelope.mailFrom.address] : [];
  const sender = unique(addressesOf(mail.from).length ? addressesOf(mail.from) : envelopeFrom);
  // who it was sent to: the headers' To and Cc, and the envelope's recipients (a Bcc, a gateway's forwarding)
  const recipient = unique([...addressesOf(mail.to), ...addressesOf(mail.cc), ...session.envelope.rcptTo.map((r) => r.address)]);
  return {
    source: "email",
    subject: mail.subject ? withoutNul(mail.subject).slice(0, L.subjectChars) : null,
    sender,
    recipient,
    sentDate: mail.date && !Number.isNaN(+mail.date) ? mail.date : null,
    messageId: mail.messageId ? withoutNul(mail.messageId).slice(0, L.addressChars) : null,
    body,
    rawSource: withoutNul(raw.toString("utf8")),
    createdBy: null,
  };
}

/** Reads the DATA stream up to the size limit; what a client sends beyond it is read and dropped, never kept. */
function readLimited(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= L.rawSourceBytes) chunks.push(chunk);
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(stream.sizeExceeded || size > L.rawSourceBytes ? null : Buffer.concat(chunks)));
  });
}

export async function startSmtpReceiver(opts: SmtpReceiverOptions): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    name: "cargo-desk",
    banner: "Cargo Desk incoming messages",
    size: L.rawSourceBytes,
    rejectOversized: true,
    maxClients: 20,
    socketTimeout: 60_000,
    closeTimeout: 10_000,
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onRcptTo(_address, session, callback) {
      if (session.envelope.rcptTo.length >= L.addresses) return callback(smtpError(452, `at most ${L.addresses} recipients`));
      callback();
    },
    onData(stream, session, callback) {
      readLimited(stream)
        .then(async (raw) => {
          if (!raw) return callback(smtpError(552, `message over ${L.rawSourceBytes} bytes`));
          const draft = await draftOfMail(raw, session);
          const rows = await receiveMessage(opts.db, draft, opts.now(), null);
          opts.log.info({ messages: rows.map((r) => r.id), carriers: rows.map((r) => r.carrier) }, "incoming mail stored");
          callback(null, `stored as message ${rows.map((r) => r.id).join(", ")}`);
        })
        .catch((error: Error & { responseCode?: number }) => {
          if (error.responseCode) return callback(error);
          // the database away, a parse that broke: the sender keeps the mail and tries again later
          opts.log.error({ err: error }, "incoming mail not stored");
          callback(smtpError(451, "message not stored, try again later"));
        });
    },
  });
  server.on("error", (error) => opts.log.error({ err: error }, "SMTP receiver error"));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
