import { holdsCsrfToken } from "../auth/csrf.server";
import type { RequestSession } from "../session/request-session.server";
import type { RequestRejection } from "./request-limits.server";

/**
 * Who may make the BFF read a request body, decided from the headers and the session cookie alone (issue 21 §6:
 * twenty anonymous 10 MB posts, each refused 403 by the CSRF check only after being read in full, held the sign-in
 * page at 5 s). Every action checks the form's CSRF token against the session's (csrf.server.ts), so a session
 * without one can never pass: its body is not worth a byte. And no page lets a visitor who is not signed in upload a
 * file, so an anonymous multipart body is refused unread too. Reading the cookie costs one decryption, which the
 * request's context reuses.
 */
export async function refusalBeforeReading(multipart: boolean, session: RequestSession): Promise<RequestRejection | undefined> {
  const data = await session.get();
  if (!holdsCsrfToken(data)) return { code: "FormExpired", status: 403 };
  if (multipart && !data.get("auth")) return { code: "Forbidden", status: 403 };
  return undefined;
}
