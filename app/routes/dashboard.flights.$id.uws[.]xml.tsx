import type { LoaderFunctionArgs } from "@remix-run/node";
import { segmentFile } from "~/lib/flights/segment-document.server";

/** The flight's ULD weight statement as XML (spec 3 §7 segments/{id}/uws.xml): what the UWS tab shows, for a program to read. */
export const loader = (args: LoaderFunctionArgs) => segmentFile(args, "uws", "uws.xml");
