import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateLoader } from "~/lib/settings/upload-action.server";
import { PAX_OD_RESOURCE } from "~/lib/upstream/pax-od-averages.server";

/** `?format=xlsx|csv`: the PAX O&D averages upload template. */
export const loader = (args: LoaderFunctionArgs) => templateLoader(args, "/dashboard/settings/pax-od-averages", PAX_OD_RESOURCE);
