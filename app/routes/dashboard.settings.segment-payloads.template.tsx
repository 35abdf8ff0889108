import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateLoader } from "~/lib/settings/upload-action.server";
import { SEGMENT_PAYLOAD_RESOURCE } from "~/lib/upstream/segment-payloads.server";

/** `?format=xlsx|csv`: the segment payloads upload template. */
export const loader = (args: LoaderFunctionArgs) => templateLoader(args, "/dashboard/settings/segment-payloads", SEGMENT_PAYLOAD_RESOURCE);
