import { z } from "zod";
import { CARRIER, IATA } from "./field-rules";

/** A required airport code (three letters), upper-cased; the server checks that the airport exists. */
export const airportField = () => z.string({ required_error: "errors:required" }).trim().toUpperCase().regex(IATA, "errors:unknownAirport");

/** The airline of a new record, for platform users (airline users always work on their own airline). */
export const carrierField = () => z.string().trim().toUpperCase().regex(CARRIER, "errors:invalid").optional();
