import type { LoaderFunctionArgs } from "@remix-run/node";
import { segmentDocument } from "~/lib/flights/segment-document.server";

/** The flight's cargo manifest as a document (spec 3 §7 segments/{id}/ffm.pdf). */
export const loader = (args: LoaderFunctionArgs) => segmentDocument(args, "ffm");
