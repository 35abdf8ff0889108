import { redirect } from "../http/redirect";
import type { AppSession } from "../session/storage.server";
import type { NoticeKey, Notice } from "../session/session-data";

/** A notice as call sites write it: its key in the one shape, `<namespace>:notices.<event>`. */
export type NoticeInput = Omit<Notice, "key"> & { key: NoticeKey };

/** Who holds the session: a signed-in user (`user.session`) or, before sign-in, the request's session itself. */
type SessionOwner = { session: AppSession } | AppSession;

const sessionOf = (owner: SessionOwner): AppSession => ("flash" in owner ? owner : owner.session);

/**
 * Leaves a notice for the next page the browser shows (the root loader reads it once). For the rare answer
 * that is not a redirect, e.g. a not-found page that should also say which record was missing.
 */
export function flashNotice(owner: SessionOwner, notice: NoticeInput): void {
  sessionOf(owner).flash("notice", notice);
}

/**
 * Redirects with a notice on the page it lands on, shown with JS off too (it travels in the session cookie,
 * which the HTTP handler writes for this answer).
 */
export function redirectWithNotice(url: string, owner: SessionOwner, notice: NoticeInput): Response {
  flashNotice(owner, notice);
  return redirect(url);
}
