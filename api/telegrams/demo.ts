import type { Db } from "../db/open";
import { telegrams } from "../db/schema";
import { readTelegram, telegramIdentifier } from "./read-telegram";

// Telegrams in the demo (issue 23): S7's Cargo-IMP list is not empty on a fresh start, so a newcomer opens a telegram
// and sees its text beside what it read as. A handler's FSU with a mistyped waybill number (its check digit is
// wrong): the fault on its line, ready to be corrected. Read by the same code as a POST, never hand-written results.

type Tx = Pick<Db, "insert">;

const MISTYPED_FSU = ["QK MOWFMS7", ".DMEFHXH 271530/DEMO0001", "FSU/14", "421-10100006DMEOVB/T3K30.0", "RCS/27NOV1525/DME/T3K30.0/VOLGA MACHINERY", ""].join("\r\n");

export async function seedDemoTelegrams(tx: Tx, today: string) {
  const read = readTelegram(MISTYPED_FSU);
  const at = new Date(`${today}T00:00:00Z`);
  await tx.insert(telegrams).values({
    carrier: "S7",
    family: "cimp",
    source: "sita",
    message_identifier: telegramIdentifier(read),
    sender: read.sender,
    original_content: MISTYPED_FSU,
    message_type: read.message_type,
    message_version: read.message_version,
    parsed_content: read.parsed_content,
    error_messages: read.error_messages,
    parsing_status: read.parsing_status,
    processing_status: read.parsing_status === "failed" ? "skipped" : "pending",
    mawb: read.mawb,
    parsed_at: at,
    created_at: at,
    updated_at: at,
  });
}
