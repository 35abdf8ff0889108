import { z } from "zod";
import { airportField, carrierField } from "./airline-fields";
import { withCrossChecks } from "./cross-checks";
import { codeList, flag, IATA, tooLong } from "./field-rules";

/** Create and edit form of a permitted route (spec 2 "Permitted route"), shared by the browser and the action. */
export const PermittedRouteFormSchema = withCrossChecks(
  z.object({
    carrier: carrierField(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    transfer_iata_codes: codeList(IATA, "errors:iata"),
    company_short_name: z.string().trim().toUpperCase().max(20, tooLong(20)).optional(),
    contracted: flag(),
    direct: flag(),
  }),
  (v, ctx) => {
    if (v.origin_iata && v.origin_iata === v.destination_iata) {
      ctx.addIssue({ code: "custom", path: ["destination_iata"], message: "routes:errors.sameAirports" });
    }
    if ((v.transfer_iata_codes ?? []).some((c) => c === v.origin_iata || c === v.destination_iata)) {
      ctx.addIssue({ code: "custom", path: ["transfer_iata_codes"], message: "routes:errors.transferIsEnd" });
    }
  },
);
export type PermittedRouteForm = z.infer<typeof PermittedRouteFormSchema>;

export const PERMITTED_ROUTE_FIELDS = ["carrier", "origin_iata", "destination_iata", "transfer_iata_codes", "company_short_name", "contracted", "direct"] as const;
