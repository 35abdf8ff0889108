import { z } from "zod";
import type { SignedInUser } from "../auth/guard.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { NoticeKey } from "../session/session-data";
import type { UpstreamFailure, UpstreamResult } from "../upstream/errors";
import { idField } from "../forms/decimal-field";

// The Delete button of a settings list row (components/settings/row-actions.tsx) posts intent=delete and the row's
// id to the list's own action. The route has already run its access guard and checked the CSRF token; this reads
// the post, removes the row upstream and goes back to the same list (filters, sort, page) with a notice.

const DeleteRowSchema = z.object({ intent: z.literal("delete"), id: idField() });

/** The row id of a Delete post; anything else is not a post this page's own form makes: 400. */
export function deleteRowId(form: FormData): number {
  const parsed = DeleteRowSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  return parsed.data.id;
}

export async function deleteRowAction(
  form: FormData,
  user: SignedInUser,
  opts: {
    /** The list to go back to. */
    backTo: string;
    remove: (id: number) => Promise<UpstreamResult<unknown>>;
    deleted: NoticeKey;
    /** The notice of an upstream failure; "common:notices.deleteFailed" when it gives none. */
    failed: (failure: UpstreamFailure) => NoticeKey | null;
  },
): Promise<Response> {
  const result = await opts.remove(deleteRowId(form));
  return redirectWithNotice(
    opts.backTo,
    user,
    result.ok ? { kind: "success", key: opts.deleted } : { kind: "error", key: opts.failed(result) ?? "common:notices.deleteFailed" },
  );
}

/** The usual `failed`: a row already gone has its own notice, any other failure the generic one. */
export const notFoundNotice =
  (key: NoticeKey) =>
  (failure: UpstreamFailure): NoticeKey | null =>
    failure.code === "NotFound" ? key : null;
