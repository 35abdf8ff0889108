/**
 * Issue 21 item 7 as a generator: a refresh token presented with any wrong header (another airline's carrier, none,
 * the platform's, a made-up or hostile value, a case or spacing variant of another tenant, extra client fields in the
 * body, JSON or form-encoded) is refused in milliseconds and changes nothing: the token is not used up (its grace
 * clock does not start), no grant is written, and once the grace period has passed the right header still renews.
 * A rotated token reused after its grace still revokes its sign-in, whatever header it comes with.
 * `npm test` runs a few cases; `npm run test:abuse` many more (ABUSE_RUNS).
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { sha256 } from "../../api/auth/secrets";
import { oauthTokens } from "../../api/db/schema";
import { authHeaders, makeTestApi, signIn, type TestApi } from "../api/helpers";
import { AbuseTally, HANG_MS, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";
import { HOSTILE_STRINGS } from "./hostile-values";

const GRACE_SECONDS = 30;
const ROUTE = "POST /oauth/token (refresh_token)";

let t: TestApi;
const tally = new AbuseTally("Refresh-token abuse");
tally.routes.add(ROUTE);

beforeAll(async () => {
  t = await makeTestApi({ config: { REFRESH_GRACE_SECONDS: GRACE_SECONDS } });
});
afterAll(async () => {
  console.log(tally.summary());
  await t?.close();
});

/** Who holds the token and on which tenant they signed in (the carrier header their BFF sends; none on the default). */
const HOLDERS = [
  { email: "platform@cargodesk.test", carrier: undefined },
  { email: "s7.operator@cargodesk.test", carrier: "s7" },
  { email: "forwarder@cargodesk.test", carrier: "su" },
  { email: "c6.manager@cargodesk.test", carrier: "c6" },
] as const;
type Holder = (typeof HOLDERS)[number];

const TENANTS = ["s7", "su", "c6", "v0", "qa", "zz"];

/** The tenant the API reads from a header value (api/auth/tenant.ts): trimmed, upper case, none when empty. */
const tenantOf = (header: string | undefined) => header?.trim().toUpperCase() || null;

/** What Node lets through as a header value: no CR, LF, NUL or other controls but tab, nothing above U+00FF. */
const sendable = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value) && value.length < 8_000;

/** A carrier header (undefined: none) that names any tenant but `right`. */
const wrongCarrier = (right: string | undefined): fc.Arbitrary<string | undefined> =>
  fc
    .oneof(
      fc.constantFrom<string | undefined>(undefined, "", ...TENANTS),
      // another tenant as a browser, a proxy or a hand-made request might spell it
      fc.tuple(fc.constantFrom(...TENANTS), fc.constantFrom("", " ", "\t"), fc.boolean()).map(([code, pad, upper]) => `${pad}${upper ? code.toUpperCase() : code}${pad}`),
      fc.constantFrom(...TENANTS).map((code) => `${code},${right ?? "s7"}`),
      fc.constantFrom(...HOSTILE_STRINGS),
      fc.string({ maxLength: 40 }),
    )
    .filter((header) => header === undefined || sendable(header))
    .filter((header) => tenantOf(header) !== tenantOf(right));

/** Fields a client might add to the grant (another client's id and secret, a scope): the API ignores them. */
const noiseFields = fc.dictionary(fc.constantFrom("client_id", "client_secret", "scope", "carrier", "tenant"), fc.string({ maxLength: 20 }), { maxKeys: 3 });

function refresh(refreshToken: string, carrier: string | undefined, extra: Record<string, string> = {}, form = false) {
  const fields = { grant_type: "refresh_token", refresh_token: refreshToken, ...extra };
  const headers: Record<string, string> = carrier === undefined ? {} : { carrier };
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  return t.app.inject({ method: "POST", url: "/oauth/token", headers, payload: form ? new URLSearchParams(fields).toString() : fields });
}

/** What a refused refresh must leave alone: the grant's stamps and how many grants its sign-in has. */
async function grantState(refreshToken: string) {
  const [row] = await t.database.db.select().from(oauthTokens).where(eq(oauthTokens.refresh_token_hash, sha256(refreshToken)));
  if (!row) throw new Error("no grant for the refresh token");
  const family = await t.database.db.select({ id: oauthTokens.id }).from(oauthTokens).where(eq(oauthTokens.family_id, row.family_id));
  return { rotated_at: row.rotated_at, revoked_at: row.revoked_at, grants: family.length };
}

/** Sends one refused refresh and checks what the contract promises of it. */
async function expectRefused(refreshToken: string, carrier: string | undefined, extra: Record<string, string>, form: boolean) {
  const { value: res, ms } = await timed(refresh(refreshToken, carrier, extra, form));
  expect(res, `no answer within ${HANG_MS} ms`).toBeDefined();
  tally.answered(ROUTE, ms, res!.statusCode);
  expect(res!.statusCode, `carrier ${JSON.stringify(carrier)}: ${res!.body}`).toBe(400);
  expect(res!.json().error).toBe("invalid_grant");
  // nothing of the request comes back
  expect(res!.body).not.toContain(refreshToken);
}

test("a refresh with any wrong header changes nothing; the right one still renews after the grace period", { timeout: 600_000 }, async () => {
  // each holder's live refresh token: every run continues the holder's chain of rotations
  const live = new Map<Holder, string>();
  for (const holder of HOLDERS) live.set(holder, (await signIn(t.app, holder.email, { carrier: holder.carrier })).refresh_token);

  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...HOLDERS).chain((holder) =>
        fc.record({
          holder: fc.constant(holder),
          attempts: fc.array(fc.record({ carrier: wrongCarrier(holder.carrier), extra: noiseFields, form: fc.boolean() }), { minLength: 1, maxLength: 4 }),
        }),
      ),
      async ({ holder, attempts }) => {
        const token = live.get(holder)!;
        const before = await grantState(token);
        for (const { carrier, extra, form } of attempts) {
          await expectRefused(token, carrier, extra, form);
          expect(await grantState(token), `carrier ${JSON.stringify(carrier)}`).toEqual(before);
        }
        // had a refusal started the grace clock, the token would be dead (and its sign-in revoked) now
        t.clock.advance(GRACE_SECONDS + 1);
        const renewed = await refresh(token, holder.carrier);
        tally.answered(ROUTE, 0, renewed.statusCode);
        expect(renewed.statusCode, renewed.body).toBe(200);
        const next = renewed.json() as { access_token: string; refresh_token: string };
        const me = await t.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: authHeaders(next.access_token, holder.carrier) });
        expect(me.statusCode).toBe(200);
        live.set(holder, next.refresh_token);
      },
    ),
    { numRuns: RUNS_PER_ROUTE * 4, seed: seedFor("refresh-tokens: wrong headers"), endOnFailure: true },
  );
});

test("a rotated token reused after its grace revokes its sign-in whatever header it comes with", { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...HOLDERS).chain((holder) => fc.record({ holder: fc.constant(holder), carrier: fc.oneof(fc.constant(holder.carrier), wrongCarrier(holder.carrier)) })),
      async ({ holder, carrier }) => {
        const first = await signIn(t.app, holder.email, { carrier: holder.carrier });
        const child = (await refresh(first.refresh_token, holder.carrier)).json() as { access_token: string; refresh_token: string };
        t.clock.advance(GRACE_SECONDS + 1);
        const reuse = await refresh(first.refresh_token, carrier);
        tally.answered(ROUTE, 0, reuse.statusCode);
        expect(reuse.statusCode).toBe(400);
        const me = await t.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: authHeaders(child.access_token, holder.carrier) });
        expect(me.statusCode, "the sign-in's newest access token").toBe(401);
        expect((await refresh(child.refresh_token, holder.carrier)).statusCode, "the sign-in's newest refresh token").toBe(400);
      },
    ),
    { numRuns: RUNS_PER_ROUTE, seed: seedFor("refresh-tokens: reuse"), endOnFailure: true },
  );
});
