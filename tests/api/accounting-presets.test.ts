import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRESETS } from "../../api/accounting-presets/catalogue";
import { accountingPresets } from "../../api/db/schema";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Accounting information presets per airline (spec 2 §9; issue 10 "kept per airline, editable"): the airline's
// manager keeps its list, forwarders and the airline's staff read the presets in use (the catalogue while the airline
// keeps none), S7 never sees or changes SU's, and bad input stores nothing.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Operator", "suManager", "forwarderOnS7", "forwarder", "platform"] });
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const none = callsOn(t);

const presetsOf = async (carrier: string) => (await t.database.db.select({ n: count() }).from(accountingPresets).where(eq(accountingPresets.carrier, carrier)))[0]!.n;
const create = (tokens: Tokens, preset: object, on = s7) => on(tokens, "POST", "/api/v3/accounting_presets", { accounting_preset: preset });
const inUse = async (tokens: Tokens, on = s7, query = "") => {
  const res = await on(tokens, "GET", `/api/v3/accounting_presets/in_use${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { carrier: string | null; source: string; data: Array<{ code: string; kind: string; name: string; text: string }> };
};

describe("the presets a waybill form offers", () => {
  it("are the platform's catalogue while the airline keeps none: 22 client presets, return to origin, 7 templates", async () => {
    expect(await presetsOf("SU")).toBe(0);
    const answer = await inUse(accounts.forwarder, none, "?carrier=SU");
    expect(answer).toMatchObject({ carrier: "SU", source: "default" });
    const kinds = answer.data.reduce<Record<string, number>>((n, p) => ({ ...n, [p.kind]: (n[p.kind] ?? 0) + 1 }), {});
    expect(kinds).toEqual({ client: 22, return_to_origin: 1, template: 7 });
    expect(answer.data.find((p) => p.code === "government_bill_mvd")?.text).toBe("GOVERNMENT BILL MVD NO ____ DATED ____");
  });

  it("are the airline's own once it keeps some, for its forwarders and its staff alike", async () => {
    const made = await create(accounts.s7Manager, { kind: "client", code: "s7_corporate", name: "S7 corporate account", text: "charge to s7 corporate account", position: null });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ carrier: "S7", kind: "client", code: "s7_corporate", text: "CHARGE TO S7 CORPORATE ACCOUNT", position: 0 });
    for (const tokens of [accounts.forwarderOnS7, accounts.s7Operator, accounts.s7Manager]) {
      const answer = await inUse(tokens);
      expect(answer.source).toBe("airline");
      expect(answer.data.map((p) => p.code)).toContain("s7_corporate");
      expect(answer.data.map((p) => p.code)).not.toContain("freight_prepaid");
    }
    // SU still offers the catalogue: S7's preset is not SU's
    const onSu = await inUse(accounts.suManager, su);
    expect(onSu.source).toBe("default");
    expect(onSu.data.map((p) => p.code)).not.toContain("s7_corporate");
  });

  it("without an airline named: the catalogue; an unknown one: 422", async () => {
    expect((await inUse(accounts.forwarder, none)).source).toBe("default");
    const unknown = await none(accounts.forwarder, "GET", "/api/v3/accounting_presets/in_use?carrier=ZZ");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.carrier).toEqual(["unknown airline ZZ"]);
  });
});

describe("the airline's manager keeps the list", () => {
  it("creates, lists, edits and deletes; a code twice is 'has already been taken'", async () => {
    const made = (await create(accounts.s7Manager, { kind: "template", code: "contract_no", name: "Contract", text: "CONTRACT NO ____", position: "5" })).json();
    const twice = await create(accounts.s7Manager, { kind: "client", code: "CONTRACT_NO", name: "Again", text: "AGAIN" });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ code: ["has already been taken"] });

    const list = (await s7(accounts.s7Manager, "GET", "/api/v3/accounting_presets?kind=template&per_page=100")).json();
    expect(list.data.map((p: { code: string }) => p.code)).toEqual(["contract_no"]);
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/accounting_presets?q=contract")).json().data.map((p: { id: number }) => p.id)).toEqual([made.id]);

    const edited = await s7(accounts.s7Manager, "PATCH", `/api/v3/accounting_presets/${made.id}`, { accounting_preset: { text: "contract no ____ dated ____" } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ code: "contract_no", name: "Contract", text: "CONTRACT NO ____ DATED ____", position: 5 });
    expect((await inUse(accounts.forwarderOnS7)).data.find((p) => p.code === "contract_no")?.text).toBe("CONTRACT NO ____ DATED ____");

    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${made.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/accounting_presets/${made.id}`)).statusCode).toBe(404);
  });

  it("copies the catalogue to edit it, keeping the codes it already has", async () => {
    const before = await presetsOf("S7");
    const copied = await s7(accounts.s7Manager, "POST", "/api/v3/accounting_presets/copy_defaults", {});
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().added).toBe(DEFAULT_PRESETS.length);
    expect(await presetsOf("S7")).toBe(before + DEFAULT_PRESETS.length);
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/accounting_presets/copy_defaults", {})).json().added).toBe(0);
    const answer = await inUse(accounts.forwarderOnS7);
    expect(answer.data.map((p) => p.code)).toEqual(expect.arrayContaining(["freight_prepaid", "return_to_origin", "s7_corporate"]));
  });

  it("platform names the airline; airline staff other than the manager and forwarders may not write", async () => {
    const byPlatform = await create(accounts.platform, { kind: "client", code: "platform_made", name: "By platform", text: "BY PLATFORM", carrier: "su" }, none);
    expect(byPlatform.statusCode, byPlatform.body).toBe(201);
    expect(byPlatform.json().carrier).toBe("SU");
    const before = await presetsOf("S7");
    expect((await create(accounts.s7Operator, { kind: "client", code: "op_made", name: "x", text: "X" })).statusCode).toBe(403);
    expect((await create(accounts.forwarderOnS7, { kind: "client", code: "fwd_made", name: "x", text: "X" })).statusCode).toBe(403);
    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v3/accounting_presets")).statusCode).toBe(403);
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/accounting_presets/copy_defaults", {})).statusCode).toBe(403);
    expect(await presetsOf("S7")).toBe(before);
    await su(accounts.suManager, "DELETE", `/api/v3/accounting_presets/${byPlatform.json().id}`);
  });
});

describe("tenancy", () => {
  it("S7's manager neither sees nor changes SU's presets, whatever id or carrier it sends", async () => {
    const suPreset = (await create(accounts.suManager, { kind: "client", code: "su_only", name: "SU only", text: "SU ONLY" }, su)).json();
    const s7List = (await s7(accounts.s7Manager, "GET", "/api/v3/accounting_presets?carrier=SU&per_page=100")).json();
    expect(s7List.data.map((p: { code: string }) => p.code)).not.toContain("su_only");
    expect(s7List.data.every((p: { carrier: string }) => p.carrier === "S7")).toBe(true);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/accounting_presets/${suPreset.id}`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/accounting_presets/${suPreset.id}`, { accounting_preset: { text: "HACKED" } })).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/accounting_presets/${suPreset.id}`)).statusCode).toBe(404);
    // an airline user's carrier is its own, whatever it names
    const named = await create(accounts.s7Manager, { kind: "client", code: "s7_named_su", name: "x", text: "X", carrier: "SU" });
    expect(named.json().carrier).toBe("S7");
    const [row] = await t.database.db.select().from(accountingPresets).where(eq(accountingPresets.id, suPreset.id));
    expect(row).toMatchObject({ carrier: "SU", text: "SU ONLY" });
    expect((await inUse(accounts.forwarderOnS7)).data.map((p) => p.code)).not.toContain("su_only");
  });
});

describe("bad input", () => {
  it("answers 422 beside the field and stores nothing", async () => {
    const good = { kind: "client", code: "good_one", name: "Good", text: "GOOD" };
    const before = await presetsOf("S7");
    const cases: Array<[object, string, string]> = [
      [{ ...good, kind: "other" }, "kind", "must be one of client, return_to_origin, template"],
      [{ ...good, kind: undefined }, "kind", "can't be blank"],
      [{ ...good, code: "" }, "code", "can't be blank"],
      [{ ...good, code: "with space" }, "code", "must be 1 to 40 lower-case Latin letters, digits or _"],
      [{ ...good, code: "x".repeat(41) }, "code", "must be 1 to 40 lower-case Latin letters, digits or _"],
      [{ ...good, name: " " }, "name", "can't be blank"],
      [{ ...good, name: "n".repeat(256) }, "name", "is too long (maximum is 255 characters)"],
      [{ ...good, text: "" }, "text", "can't be blank"],
      [{ ...good, text: "ОПЛАТА НАЛИЧНЫМИ" }, "text", "Latin letters and numbers only"],
      [{ ...good, text: "T".repeat(501) }, "text", "is too long (maximum is 500 characters)"],
      [{ ...good, position: -1 }, "position", "must be from 0 to 9999"],
      [{ ...good, position: "abc" }, "position", "is not a number"],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(accounts.s7Manager, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} ${res.body.slice(0, 200)}`).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body).slice(0, 80)).toEqual([message]);
    }
    for (const url of ["/api/v3/accounting_presets/abc", "/api/v3/accounting_presets/2147483648", "/api/v3/accounting_presets/-1"]) {
      const res = await s7(accounts.s7Manager, "PATCH", url, { accounting_preset: { name: "x" } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/accounting_presets/in_use?carrier=" + "x".repeat(500))).statusCode).toBe(422);
    expect(await presetsOf("S7")).toBe(before);
  });
});
