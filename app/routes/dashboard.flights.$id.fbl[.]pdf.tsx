import type { LoaderFunctionArgs } from "@remix-run/node";
import { segmentDocument } from "~/lib/flights/segment-document.server";

/** The flight's booked list as a document (spec 3 §7 segments/{id}/fbl.pdf, default name fbl.pdf). */
export const loader = (args: LoaderFunctionArgs) => segmentDocument(args, "fbl");
