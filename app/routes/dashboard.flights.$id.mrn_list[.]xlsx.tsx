import type { LoaderFunctionArgs } from "@remix-run/node";
import { segmentFile } from "~/lib/flights/segment-document.server";

/** The flight's waybills with their customs MRN (spec 3 §7 segments/{id}/mrn_list.xlsx, default name mrn_list.xlsx). */
export const loader = (args: LoaderFunctionArgs) => segmentFile(args, "csn", "mrn_list.xlsx");
