import type { z } from "zod";
import { missingPostCode } from "../../../cargo";

// Spec 2 §9: an address in GB or an EU country needs its post code (issue 22 item 15). Forms check it in the same
// pass as their other rules (withCrossChecks), so the error shows beside the post code with everything typed kept;
// the API checks it again (api/http/post-code.ts).

export const POST_CODE_REQUIRED = "errors:postCodeRequired";

/** Adds the post code issue at `path` (the post code field) when the address's country needs one it lacks. */
export function checkPostCode(
  ctx: z.RefinementCtx,
  address: { post_code?: string | null } & Record<string, unknown> | undefined,
  path: ReadonlyArray<string | number> = ["post_code"],
  country = "country_code",
): void {
  if (address && missingPostCode(address[country] as string | undefined, address.post_code)) {
    ctx.addIssue({ code: "custom", path: [...path], message: POST_CODE_REQUIRED });
  }
}
