import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { flashNotice, redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import type { FlashData, SessionData } from "~/lib/session/session-data";

const newSession = () => createSession<SessionData, FlashData>();

describe("redirectWithNotice", () => {
  it("redirects and leaves the notice in a signed-in user's session, read once", () => {
    const user = { session: newSession() };
    const answer = redirectWithNotice("/dashboard/settings/handlers", user, { kind: "success", key: "handlers:notices.created" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard/settings/handlers");
    expect(user.session.get("notice")).toEqual({ kind: "success", key: "handlers:notices.created" });
    expect(user.session.get("notice")).toBeUndefined();
  });

  it("takes the request's session itself before sign-in", () => {
    const session = newSession();
    redirectWithNotice("/signIn", session, { kind: "success", key: "auth:notices.passwordChanged" });
    expect(session.get("notice")?.key).toBe("auth:notices.passwordChanged");
  });

  it("flashNotice leaves a notice without answering (for a not-found page)", () => {
    const user = { session: newSession() };
    flashNotice(user, { kind: "error", key: "customers:notices.notFound", params: { id: 7 } });
    expect(user.session.get("notice")).toEqual({ kind: "error", key: "customers:notices.notFound", params: { id: 7 } });
  });
});
