import type { SignedInUser } from "../auth/guard.server";
import type { BaggageStatForm } from "../forms/baggage-stat-schema";
import { checksOf, referenceErrors, type Translate } from "../forms/settings-form.server";
import type { BaggageStatInput } from "../upstream/baggage-stats.server";
import { airlineOd } from "./settings-user.server";

export function baggageAirportErrors(user: SignedInUser, t: Translate, v: BaggageStatForm) {
  return referenceErrors(user, t, checksOf("airports", "routes:errors.unknownAirports", { origin_iata: v.origin_iata, destination_iata: v.destination_iata }));
}

/** Blank figures are sent as null (cleared); the server derives the averages. */
export function baggageInput(user: SignedInUser, v: BaggageStatForm): BaggageStatInput {
  return {
    ...airlineOd(user, v),
    period_start: v.period_start,
    period_end: v.period_end,
    total_baggage_weight: v.total_baggage_weight ?? null,
    total_baggage_pcs: v.total_baggage_pcs ?? null,
    total_pax: v.total_pax ?? null,
    manual_average_baggage_weight: v.manual_average_baggage_weight ?? null,
    segments_count: v.segments_count ?? null,
    external_source: Boolean(v.external_source),
  };
}

export const BAGGAGE_FAILURE_MESSAGES = {
  exists: { key: "statistics:baggage.errors.exists" },
  notFound: "statistics:baggage.errors.notFound",
} as const;
