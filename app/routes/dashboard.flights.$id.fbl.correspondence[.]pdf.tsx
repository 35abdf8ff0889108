import type { LoaderFunctionArgs } from "@remix-run/node";
import { segmentFile } from "~/lib/flights/segment-document.server";

/** The booked list as the airline's letter to the handling station (spec 3 §7 segments/{id}/fbl/correspondence.pdf, default name correspondence.pdf). */
export const loader = (args: LoaderFunctionArgs) => segmentFile(args, "fbl", "correspondence.pdf");
