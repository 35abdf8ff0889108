import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { INCOMING_LIMITS } from "../../cargo/telegrams/incoming-message";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { telegramsInMail } from "../../cargo/telegrams/telegrams-in-mail";
import { companies } from "../db/schema";
import type { Db } from "../db/open";

/**
 * Whose a received message is (issue 23). A mail reaches our receiver for every airline at once, so the addresses
 * it was sent to decide: the airline whose company names one of them as its CIMP mailbox (spec 2 "Company":
 * cimp_email), or whose CIMP SITA address (cimp_sita) a Type-B envelope in the body is addressed to (a SITA mail
 * gateway forwards to a shared mailbox, the envelope still says whom the telegram is for).
 *
 * Why these and not the message settings: a message setting says where an airline SENDS a type on an event (its
 * message_to are other parties' addresses), so matching them would hand an airline's copy of a telegram to whoever
 * it sends to. cimp_email and cimp_sita are the airline's own inbound addresses, set by the platform on the
 * company's settings page. A message matching no airline is kept unassigned (carrier null): the platform sees it
 * and restarts it once the address is configured. One matching several airlines is each one's (a copy apiece).
 */

/** "S7 Cargo <Cimp@S7.example>" → "cimp@s7.example"; a bare address as it is, lower case. */
export function mailAddressOf(text: string): string {
  const bracketed = /<([^<>]*)>\s*$/.exec(text)?.[1];
  return (bracketed ?? text).trim().toLowerCase();
}

/** The Type-B addresses the telegrams in a body are sent to (their envelopes' address lines). */
export function typeBAddressesOf(body: string): string[] {
  const { texts } = telegramsInMail(body, INCOMING_LIMITS.telegrams);
  return [...new Set(texts.flatMap((text) => parseTelegram(text).envelope?.addresses ?? []))];
}

/** The airlines a message is for, in carrier order; none: nobody's inbound address matched. */
export async function airlinesOfMessage(db: Pick<Db, "selectDistinct">, recipients: readonly string[], body: string): Promise<string[]> {
  const mail = [...new Set(recipients.map(mailAddressOf).filter(Boolean))];
  const typeB = typeBAddressesOf(body);
  if (!mail.length && !typeB.length) return [];
  const rows = await db
    .selectDistinct({ carrier: companies.carrier })
    .from(companies)
    .where(
      and(
        eq(companies.business_type, "airline"),
        isNotNull(companies.carrier),
        or(
          mail.length ? inArray(sql`lower(trim(${companies.cimp_email}))`, mail) : undefined,
          typeB.length ? inArray(sql`upper(trim(${companies.cimp_sita}))`, typeB) : undefined,
        ),
      ),
    );
  return rows.map((r) => r.carrier!.toUpperCase()).sort();
}
