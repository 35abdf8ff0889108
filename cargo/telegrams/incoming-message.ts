/**
 * An incoming message's life (issue 23; spec 2 §3 "Incoming message"; spec 3 §4 "Telegrams (CIMP) and incoming
 * messages can be restarted"; DESIGN §4b: one graph, enforced by the API with a 422 naming the state, offered by the
 * pages). A message (an e-mail received, or one posted to `messages`) is stored `queued` with its job; the job looks
 * for the Cargo-IMP telegrams in its body and makes each a CIMP telegram of the message's airline:
 *
 * - `processed`: at least one telegram was made (each then has its own life: cargo/telegrams/telegram-state.ts);
 * - `no_telegram`: nothing in the body reads as a Cargo-IMP telegram (the note says what was there instead);
 * - `unassigned`: no airline's inbound address matches the message, so it has nobody's telegrams to make;
 * - `failed`: the job's last attempt failed.
 *
 * Restart runs the job again on a message that made no telegram (an airline configured its address since, the body
 * was fixed upstream, the failure has passed). A processed message is not restarted: its telegrams are, each on its
 * own page, so that no telegram is made twice.
 */
export const INCOMING_STATUSES = ["queued", "processed", "no_telegram", "unassigned", "failed"] as const;
export type IncomingStatus = (typeof INCOMING_STATUSES)[number];

export const INCOMING_ACTIONS = ["restart"] as const;
export type IncomingAction = (typeof INCOMING_ACTIONS)[number];

export const INCOMING_GRAPH: Readonly<Record<IncomingStatus, readonly IncomingAction[]>> = {
  queued: [],
  processed: [],
  no_telegram: ["restart"],
  unassigned: ["restart"],
  failed: ["restart"],
};

export function incomingAllows(status: IncomingStatus, action: IncomingAction): boolean {
  return INCOMING_GRAPH[status].includes(action);
}

/** The refusal code of an action the message's state does not allow. */
export const INCOMING_STATE_REFUSAL = "incoming_state_forbids";

/** Where a message came from: the API (`POST messages`) or the built-in SMTP receiver. */
export const INCOMING_SOURCES = ["api", "email"] as const;
export type IncomingSource = (typeof INCOMING_SOURCES)[number];

/**
 * What one message may bring (docs/hostile-input.md). The raw source is the whole mail as received (headers, MIME
 * parts, attachments): 1 MiB holds any telegram traffic with room to spare (a multi-part FFM is a few dozen KB), and
 * it is the SMTP receiver's `size` too. The body is the text a person reads, where the telegrams are looked for.
 */
export const INCOMING_LIMITS = {
  rawSourceBytes: 1024 * 1024,
  bodyChars: 256 * 1024,
  subjectChars: 998,
  /** Addresses per list (sender, recipient): a mail to more is a mailing, not telegram traffic. */
  addresses: 100,
  addressChars: 320,
  /** Telegrams made from one message; the rest are named in a note and not made. */
  telegrams: 20,
} as const;
