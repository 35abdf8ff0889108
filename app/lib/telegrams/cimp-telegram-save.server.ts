import { canAccess } from "../access/can-access";
import type { SignedInUser } from "../auth/guard.server";
import { BUILT_ROUTES } from "../built-routes";
import type { FailureMessages } from "../forms/settings-form.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import type { NoticeKey } from "../session/session-data";

// What follows a Cargo-IMP text sent or corrected (issue 23): the telegram's page, where its faults show on their
// lines. ComCor and the IcsInspector may send and correct but not open the lists (spec 1 §6 "CIMP upload"): they go
// back to the upload page, with the same notice.

const DETAIL = "/dashboard/messaging/cimp-telegrams/:id";
const UPLOAD = "/dashboard/messaging/cimp";

export function toTelegram(user: SignedInUser, id: number, key: NoticeKey): Response {
  const target = BUILT_ROUTES.has(DETAIL) && canAccess(DETAIL, user.access) ? DETAIL.replace(":id", String(id)) : UPLOAD;
  return redirectWithNotice(target, user, { kind: "success", key });
}

/** The API's refusals of the text (a telegram of another list, too long) beside the field it came from. */
export function cimpFailureMessages(textField: "cimp_text" | "cimp_file" = "cimp_text"): FailureMessages {
  return {
    fields: ["cimp_text", "cimp_file", "message_identifier"],
    rename: (name) => (name === "cimp_text" ? textField : name),
    notFound: "errors:refusal.telegram_not_found",
  };
}
