/**
 * What the BFF builds per request (issue 9 §4, §3): the signed-in user once however many loaders ask, the
 * 401/403 reactions applied by the user's client itself, and the tenant's global notifications shared by its
 * pages for a few seconds.
 */
import { http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { getUser } from "~/lib/auth/guard.server";
import { createRequestUpstream } from "~/lib/auth/upstream.server";
import { SHARED_NOTIFICATIONS_MS } from "~/lib/notifications/load.server";
import { RequestSession } from "~/lib/session/request-session.server";
import { createEncryptedSessionStorage } from "~/lib/session/storage.server";
import { deriveTenant } from "~/lib/tenant";
import { useBff } from "./harness";

const bff = useBff();

afterEach(() => bff.msw.resetHandlers());

/** A load context as createAppHandler builds it, for a browser signed in as s7.manager. */
async function signedInContext(): Promise<{ request: Request; context: AppLoadContext }> {
  const browser = bff.browser();
  await browser.signIn("s7.localhost", "s7.manager@cargodesk.test");
  const request = new Request("http://s7.localhost/dashboard/profile", { headers: { Cookie: browser.cookieHeader("s7.localhost") } });
  const storage = createEncryptedSessionStorage({ secrets: bff.config.sessionSecrets, secure: bff.config.secureCookies });
  const session = new RequestSession(storage, request.headers.get("Cookie"));
  const tenant = deriveTenant("s7.localhost", bff.config);
  const upstream = createRequestUpstream(request, { config: bff.config, session, tenant });
  return { request, context: { config: bff.config, session, tenant, upstream } };
}

/**
 * The signed-in user's client asking for the airline customers while the API answers `status`: the request's
 * context, and what the call threw (null when it did not throw).
 */
async function listCallAnswered(status: number, body: object): Promise<{ args: { request: Request; context: AppLoadContext }; thrown: unknown }> {
  const args = await signedInContext();
  const user = (await getUser(args))!;
  bff.msw.use(http.get(`${bff.api.url}/api/v3/airline_customers`, () => HttpResponse.json(body, { status })));
  const thrown = await user.api.get("api/v3/airline_customers").then(
    () => null,
    (error: unknown) => error,
  );
  return { args, thrown };
}

describe("the signed-in user of a request", () => {
  it("is resolved once however many loaders ask", async () => {
    const args = await signedInContext();
    const [a, b] = await Promise.all([getUser(args), getUser(args)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(await getUser(args)).toBe(a);
  });

  it("has a client that signs out on 401 by itself, no ensure() around the call", async () => {
    const { args, thrown } = await listCallAnswered(401, { error: "invalid_token" });
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toMatch(/^\/signed-out\?reason=unauthorized/);
    expect((await args.context.session.get()).get("auth")).toBeUndefined();
  });

  it("has a client that shows access denied on 403 by itself", async () => {
    const { thrown } = await listCallAnswered(403, { error: "Forbidden" });
    expect((thrown as Response).headers.get("Location")).toBe("/accessDenied");
  });
});

describe("the tenant's global notifications", () => {
  it("are asked for once by the pages of a tenant within a few seconds", async () => {
    const manager = bff.browser();
    await manager.signIn("s7.localhost", "s7.manager@cargodesk.test");
    const operator = bff.browser();
    await operator.signIn("s7.localhost", "s7.operator@cargodesk.test");
    // what the sign-ins' landing pages shared has expired (the cache lives in the build, out of a test's reach)
    await new Promise((resolve) => setTimeout(resolve, SHARED_NOTIFICATIONS_MS + 100));
    let calls = 0;
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/global_notifications/active`, () => {
        calls++;
        return passthrough();
      }),
    );
    for (const browser of [manager, operator, manager]) {
      expect((await browser.get("s7.localhost", "/dashboard/profile")).status).toBe(200);
    }
    expect(calls).toBe(1);
  });
});
