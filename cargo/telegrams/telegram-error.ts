/**
 * What a telegram parser reports instead of throwing (issue 23): the line the fault is on (1-based, in the text as it
 * arrived, envelope included; 0 for the telegram as a whole), a stable code the pages translate
 * (`telegrams:errors.<code>`), its parameters, and an English sentence for logs and for readers without a translation.
 */
export interface TelegramError {
  line: number;
  code: TelegramErrorCode;
  params?: Record<string, string | number>;
  message: string;
}

/**
 * Every code a parser may report. A parser adds its codes here, with the English sentence in TELEGRAM_ERROR_TEXT and
 * the translations in locales/{en,ru,es}/telegrams.json (tests/unit/telegram-error-codes.test.ts checks all three).
 */
export const TELEGRAM_ERROR_TEXT = {
  empty: "The telegram is empty",
  too_long: "The telegram is longer than {{max}} characters",
  too_many_lines: "The telegram has more than {{max}} lines",
  unknown_type: "Unknown message type {{type}}",
  unsupported_version: "Version {{version}} of {{type}} is not supported (supported: {{supported}})",
  missing_line: "The {{what}} line is missing",
  unexpected_line: "Unexpected line {{tag}}",
  bad_field: "{{field}} is not valid: {{value}}",
  missing_field: "{{field}} is missing",
  bad_character: "Characters a telegram cannot carry: {{chars}}",
  bad_envelope: "The Type-B envelope is not valid: {{detail}}",
  cut_short: "The message ends before {{what}}",
  bad_awb_number: "Air waybill number {{value}} is not valid",
  unknown_status: "Unknown status code {{code}}",
  bad_record_length: "The record is {{length}} characters long, not {{expected}}",
  bad_serial: "Record serial number {{value}} should be {{expected}}",
  bad_trailer: "The trailer's {{field}} is {{value}}, expected {{expected}}",
  duplicate_record: "{{what}} again (first on line {{first}})",
  unknown_action: "Unknown action {{action}}",
  misplaced_line: "Line {{tag}} is out of its place in the message",
  repeated_line: "Line {{tag}} appears more than once; the first one is kept",
  missing_part: "Part {{part}} of the message is missing",
  duplicate_part: "Part {{part}} came more than once",
  part_of_other_flight: "Part {{part}} is of another flight: {{flight}}",
  no_last_part: "The part marked LAST has not come",
  part_after_last: "Part {{part}} comes after the part marked LAST",
} as const;

export type TelegramErrorCode = keyof typeof TELEGRAM_ERROR_TEXT;

/** A TelegramError with its English sentence filled in from TELEGRAM_ERROR_TEXT. */
export function telegramError(line: number, code: TelegramErrorCode, params?: Record<string, string | number>): TelegramError {
  const message = TELEGRAM_ERROR_TEXT[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ""));
  return params ? { line, code, params, message } : { line, code, message };
}
