import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateLoader } from "~/lib/settings/upload-action.server";
import { BAGGAGE_RESOURCE } from "~/lib/upstream/baggage-stats.server";

/** `?format=xlsx|csv`: the baggage upload template. */
export const loader = (args: LoaderFunctionArgs) => templateLoader(args, "/dashboard/settings/baggage-averages", BAGGAGE_RESOURCE);
