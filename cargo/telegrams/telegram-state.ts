/**
 * A received telegram's life (issue 23; spec 2 §3 "Messages", §4 "telegrams and messages can be restarted"; DESIGN §4b:
 * one graph, enforced by the API with a 422 naming the state, offered by the pages). Two statuses are stored, as the
 * spec names them: parsing (pending → parsed, or failed when the text has errors) and processing (pending →
 * processing → processed; failed when applying it failed; rejected when the tenant's side may not process the type,
 * spec 2 §9; skipped when the text did not parse). The state is what the two say together.
 */
export const PARSING_STATUSES = ["pending", "parsed", "failed"] as const;
export type ParsingStatus = (typeof PARSING_STATUSES)[number];
export const PROCESSING_STATUSES = ["pending", "processing", "processed", "failed", "rejected", "skipped"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];

export const TELEGRAM_STATES = ["queued", "processing", "parse_failed", "processing_failed", "rejected", "processed"] as const;
export type TelegramState = (typeof TELEGRAM_STATES)[number];

/** correct: a person replaces the text (PATCH) and it is read again; restart: read and applied again as it is. */
export const TELEGRAM_ACTIONS = ["correct", "restart"] as const;
export type TelegramAction = (typeof TELEGRAM_ACTIONS)[number];

export function telegramState(parsing: ParsingStatus, processing: ProcessingStatus): TelegramState {
  if (processing === "processed") return "processed";
  if (processing === "processing") return "processing";
  if (processing === "rejected") return "rejected";
  if (parsing === "failed" || processing === "skipped") return "parse_failed";
  if (processing === "failed") return "processing_failed";
  return "queued";
}

/**
 * What each state allows. A queued or running telegram is left alone (the queue owns it). A processed one may be
 * restarted (applying a telegram twice changes nothing the second time) but not corrected: its effects are in the
 * data, and a different text must come as a telegram of its own.
 */
export const TELEGRAM_GRAPH: Readonly<Record<TelegramState, readonly TelegramAction[]>> = {
  queued: [],
  processing: [],
  parse_failed: ["correct", "restart"],
  processing_failed: ["correct", "restart"],
  rejected: ["correct", "restart"],
  processed: ["restart"],
};

export function telegramAllows(state: TelegramState, action: TelegramAction): boolean {
  return TELEGRAM_GRAPH[state].includes(action);
}

/** The refusal code of an action the telegram's state does not allow. */
export const TELEGRAM_STATE_REFUSAL = "telegram_state_forbids";
