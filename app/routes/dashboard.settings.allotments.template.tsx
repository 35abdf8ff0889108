import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateLoader } from "~/lib/settings/upload-action.server";
import { ALLOTMENT_RESOURCE } from "~/lib/upstream/allotments.server";

/** `?format=xlsx|csv`: the allotments upload template (allotments_template.xlsx / .csv). */
export const loader = (args: LoaderFunctionArgs) => templateLoader(args, "/dashboard/settings/allotments", ALLOTMENT_RESOURCE);
