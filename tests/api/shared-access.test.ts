import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE_LISTS } from "../../cargo/access/airline-lists";
import { canAccess } from "~/lib/access/can-access";
import type { AccessContext, Role as PageRole, UserType } from "~/lib/access/types";
import { segments } from "../../api/db/schema";
import type { Role } from "../../api/db/tables/enums";
import { addUser, call, signIn, startedForFile, makeTestApi, type TestApi, type Tokens } from "./helpers";

// Issue 22 items 12 and 13: a page and the call behind it read one access rule (cargo/access/rules.ts). For every
// role on every kind of airline, the API answers creating a waybill and creating, editing and cancelling a flight
// exactly when the page (the BFF's route table) lets the user in: the page admits → the call is not refused; the page
// refuses → 403 with code access_denied. su creates waybills as its booking (spec 1 §1); s7 is on the flight-edit list,
// c6 is not (cargo/access DEFAULT_AIRLINE_LISTS, which this file's API runs with).

const AIRLINES = ["su", "s7", "c6"] as const;
type Airline = (typeof AIRLINES)[number];
const AIRLINE_ROLES: readonly Role[] = ["operator", "manager", "com_cor", "billing", "ics_inspector", "admin"];

interface Caller {
  label: string;
  type: UserType;
  role: Role;
  carrier: Airline;
  tokens?: Tokens;
}

const callers: Caller[] = [
  ...AIRLINES.flatMap((carrier) => AIRLINE_ROLES.map((role): Caller => ({ label: `${carrier}.${role}`, type: "airline", role, carrier }))),
  ...AIRLINES.flatMap((carrier): Caller[] => [
    { label: `platform on ${carrier}`, type: "platform", role: "operator", carrier },
    { label: `forwarder on ${carrier}`, type: "forwarder", role: "operator", carrier },
    { label: `forwarder admin on ${carrier}`, type: "forwarder", role: "admin", carrier },
    { label: `visitor on ${carrier}`, type: "visitor", role: "operator", carrier },
  ]),
];

const EMAIL: Partial<Record<UserType, Partial<Record<Role, string>>>> = {
  platform: { operator: "platform@cargodesk.test" },
  forwarder: { operator: "forwarder@cargodesk.test", admin: "forwarder.admin@cargodesk.test" },
  visitor: { operator: "visitor@cargodesk.test" },
};
const emailOf = (c: Caller) => EMAIL[c.type]?.[c.role] ?? `i22.${c.carrier}.${c.role}@cargodesk.test`;

/** Whether the BFF's route table lets the caller open the page (the host is the airline's, in prod; the lists the API has). */
function pageAdmits(c: Caller, path: string): boolean {
  const ctx: AccessContext = {
    user: { type: c.type, role: (c.role === "operator" ? "default" : c.role) as PageRole },
    tenant: { code: c.carrier, type: "airline", environment: "prod" },
    ui: {},
    lists: t.app.deps.config.airlineLists,
  };
  return canAccess(path, ctx);
}

const t: TestApi = startedForFile(async () => {
  // the default lists whatever the environment says, so the verdicts below are the spec's examples
  const api = await makeTestApi({ config: { airlineLists: DEFAULT_AIRLINE_LISTS } });
  for (const c of callers) if (c.type === "airline") await addUser(api, emailOf(c), c.carrier.toUpperCase(), c.role);
  await Promise.all(callers.map(async (c) => (c.tokens = await signIn(api.app, emailOf(c), { carrier: c.carrier }))));
  // a flight on every airline (c6 has none seeded) for the refused callers to try to edit and cancel
  for (const c of callers.filter((c) => c.type === "platform")) {
    const made = await call(api.app, c.tokens!, "POST", "/api/v3/segments", {
      carrier: c.carrier,
      payload: { number: "6999", origin_iata: "SVO", destination_iata: "LED", std: "2025-03-12T06:00Z", sta: "2025-03-12T07:30Z" },
    });
    if (made.statusCode !== 201) throw new Error(made.body);
  }
  return api;
}, 120_000);

const on = (c: Caller, method: "POST" | "PATCH", url: string, payload: object) => call(t.app, c.tokens!, method, url, { carrier: c.carrier, payload });

/** The status the page's verdict promises: refused → 403 access_denied; admitted → the call's own success. */
function expectVerdict(res: { statusCode: number; body: string; json(): unknown }, admitted: boolean, success: number) {
  if (admitted) expect(res.statusCode, res.body).toBe(success);
  else {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: "access_denied" });
  }
}

async function segmentOf(carrier: Airline) {
  const [row] = await t.database.db.select({ id: segments.id }).from(segments).where(and(eq(segments.carrier, carrier.toUpperCase()), eq(segments.number, `${carrier.toUpperCase()}6999`))).limit(1);
  return row!.id;
}

describe("creating an air waybill: the API admits whom the create page admits", () => {
  it.each(callers.map((c) => [c.label, c] as const))("%s", async (_, c) => {
    const admitted = pageAdmits(c, "/dashboard/air-waybills/create");
    const res = await on(c, "POST", "/api/v3/air_waybills", {
      air_waybill: {
        origin_iata: "SVO", destination_iata: "LED", pieces: 1, weight: 10, commodity: "BOOKS", hs_codes: ["490199"],
        shipper: { name: "Volga Machinery", city: "Moscow", country_code: "RU" },
        consignee: { name: "Ob River Foods", city: "Novosibirsk", country_code: "RU" },
        ...(c.type === "forwarder" ? {} : { forwarder_short_name: "FWDONE" }),
      },
      accept_warnings: true,
    });
    expectVerdict(res, admitted, 201);
  });
});

describe("creating, editing and cancelling a flight: the API admits whom the flight create/edit pages admit", () => {
  it.each(callers.map((c, i) => [c.label, c, i] as const))("%s", async (_, c, i) => {
    const admitted = pageAdmits(c, "/dashboard/flights/create");
    expect(pageAdmits(c, "/dashboard/flights/1/edit")).toBe(admitted);
    const created = await on(c, "POST", "/api/v3/segments", {
      number: String(7000 + i), origin_iata: "SVO", destination_iata: "LED", std: "2025-03-12T06:00Z", sta: "2025-03-12T07:30Z",
    });
    expectVerdict(created, admitted, 201);
    const schedule = await on(c, "POST", "/api/v3/schedules", {
      number: String(7500 + i), origin_iata: "SVO", destination_iata: "LED", period_from: "2025-03-10", period_to: "2025-03-11",
      days_of_week: "1", departure_time: "08:00", arrival_time: "09:30",
    });
    expectVerdict(schedule, admitted, 201);
    const id = await segmentOf(c.carrier);
    expectVerdict(await on(c, "PATCH", `/api/v3/segments/${id}`, { notes: `checked by ${c.label}` }), admitted, 200);
    if (admitted) {
      const mine = created.json() as { number_with_date: string };
      expectVerdict(await on(c, "POST", "/api/v3/segments/cancel", { number_with_date: mine.number_with_date }), true, 200);
    } else {
      const [row] = await t.database.db.select({ n: segments.number_with_date }).from(segments).where(eq(segments.id, id));
      expectVerdict(await on(c, "POST", "/api/v3/segments/cancel", { number_with_date: row!.n }), false, 200);
      const [after] = await t.database.db.select({ canceled: segments.canceled }).from(segments).where(eq(segments.id, id));
      expect(after!.canceled).toBe(false);
    }
  });

  it("the table covers both verdicts on both kinds of airline", () => {
    const verdicts = callers.filter((c) => c.type === "airline" && c.role === "manager").map((c) => [c.carrier, pageAdmits(c, "/dashboard/flights/create")]);
    expect(Object.fromEntries(verdicts)).toEqual({ su: false, s7: true, c6: false });
    expect(callers.filter((c) => c.type === "airline" && pageAdmits(c, "/dashboard/air-waybills/create")).map((c) => c.label)).toEqual(
      ["su.operator", "su.manager", "su.com_cor", "su.billing", "su.ics_inspector"],
    );
  });
});
