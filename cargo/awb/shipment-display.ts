// How a shipment reads in a list, on the shipments page and in its XLSX report alike (issue 22 §7: the export says
// what the page says): its state in one word, its bookings' summary and the reason it is where it is.

export type ListState = "voided" | "delivered" | "departed" | "verified" | "issued" | "created";

/** A waybill's state in one word as lists show it, the furthest it got (spec 2 §4 "Shipment flags"; the graph is shipment-state.ts). */
export function listState(s: { voided_at: unknown; delivered: boolean; departed: boolean; verified_at: unknown; issued_at: unknown }): ListState {
  if (s.voided_at) return "voided";
  if (s.delivered) return "delivered";
  if (s.departed) return "departed";
  if (s.verified_at) return "verified";
  if (s.issued_at) return "issued";
  return "created";
}

interface Leg {
  response_status: string;
  response_reason?: string | null;
}

/**
 * The bookings' summary as said to a user: the stored summary (none, requested, confirmed, unable, cancelled), except
 * that a request whose open legs are all waitlisted (LL, none NN) is "waitlisted", not "requested".
 */
export function bookingSummaryOf(summary: string | null | undefined, legs: readonly Leg[]): string | null {
  if (summary === "requested" && legs.some((l) => l.response_status === "LL") && !legs.some((l) => l.response_status === "NN")) return "waitlisted";
  return summary ?? null;
}

/** Why a waybill is where it is: its void reason, else the first refused or waiting leg's answer. */
export function shipmentReason(s: { void_reason: string | null; effective_bookings: readonly Leg[] }): string | null {
  return s.void_reason ?? s.effective_bookings.find((b) => b.response_status !== "KK" && b.response_reason)?.response_reason ?? null;
}
