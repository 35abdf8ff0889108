/**
 * Settings → accounting presets (spec 2 §9, issue 10) through the BFF against the real API: the page with the
 * platform's catalogue while the airline keeps none, a preset added without JS (a refusal keeps what was typed and
 * says why beside the field), the forwarder's create page offering the airline's presets and applying one, and
 * tenancy (C6's manager cannot open S7's preset; a forwarder cannot open the page).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountingPresets } from "../../api/db/schema";
import { csrfOf, fieldErrorOf, hiddenInput, inLanguage, submit, textOf, useBff, formPageOf } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const SU = "su.localhost";
const C6 = "c6.localhost";
const PAGE = "/dashboard/settings/accounting-presets";
const CREATE = "/dashboard/air-waybills/create";
const db = () => bff.api.database.db;

function inputValue(html: string, name: string): string | undefined {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  return tag ? (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&") : undefined;
}
/** The options of the select named `name`: their visible labels. */
function optionsOf(html: string, name: string): string[] {
  const select = html.match(new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((m) => textOf(m[1]!));
}

describe("settings → accounting presets", () => {
  it("shows the catalogue while S7 keeps none; adds a preset without JS, keeping what was typed after a refusal", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await manager.request(S7, PAGE);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Accounting presets");
    expect(page.body).toMatch(/data-testid="preset-catalogue"/);
    expect(textOf(page.body)).toContain("Government bill (MVD)");
    // the settings section's tabs lead here
    expect(page.body).toContain(`href="${PAGE}"`);

    const csrf = hiddenInput((await manager.request(S7, `${PAGE}?dialog=new`)).body, "csrf")!;
    const typed = { csrf, intent: "create", kind: "client", code: "s7_corporate", name: "S7 corporate", text: "ОПЛАТА ПО ДОГОВОРУ" };
    const latin = await manager.request(S7, `${PAGE}?dialog=new`, { form: typed });
    expect([latin.status, latin.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(latin.body, "text")).toBe("Latin letters and numbers only");
    expect(inputValue(latin.body, "name")).toBe("S7 corporate");
    expect(inputValue(latin.body, "code")).toBe("s7_corporate");

    const created = await manager.request(S7, `${PAGE}?dialog=new`, { form: { ...typed, text: "charge to s7 corporate account" } });
    expect(created.status, textOf(created.body).slice(0, 300)).toBe(302);
    expect(created.location).toBe(PAGE);
    const listed = await manager.get(S7, PAGE, { follow: true });
    expect(textOf(listed.body)).toContain("Preset S7 corporate added");
    expect(textOf(listed.body)).toContain("CHARGE TO S7 CORPORATE ACCOUNT");
    expect(listed.body).not.toMatch(/data-testid="preset-catalogue"/);

    // the API's refusal of a second preset with the code, beside the code and with the values kept
    const twice = await manager.request(S7, `${PAGE}?dialog=new`, { form: { ...typed, name: "Again", text: "AGAIN" } });
    expect([twice.status, twice.refused]).toEqual([200, 422]);
    expect(fieldErrorOf(twice.body, "code")).toBe("The airline already has a preset with this code");
    expect(inputValue(twice.body, "name")).toBe("Again");

    // Russian labels and errors
    await inLanguage(manager, S7, "ru", async () => {
      const ru = await manager.request(S7, `${PAGE}?dialog=new`, { form: { ...typed, csrf: await csrfOf(manager, S7, PAGE), code: "ru_case" } });
      expect(fieldErrorOf(ru.body, "text")).toBe("Только латинские буквы и цифры");
    });
  });

  it("edits and deletes a preset from the list", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const csrf = await csrfOf(manager, S7, PAGE);
    await manager.request(S7, `${PAGE}?dialog=new`, { form: { csrf, intent: "create", kind: "template", code: "contract", name: "Contract", text: "CONTRACT NO ____" } });
    const [row] = await db().select().from(accountingPresets).where(and(eq(accountingPresets.carrier, "S7"), eq(accountingPresets.code, "contract")));
    const edit = await manager.request(S7, `${PAGE}?edit=${row!.id}`);
    expect(inputValue(edit.body, "text")).toBe("CONTRACT NO ____");
    const saved = await manager.request(S7, `${PAGE}?edit=${row!.id}`, {
      form: { csrf, intent: "update", id: String(row!.id), kind: "template", code: "contract", name: "Contract", text: "CONTRACT NO ____ DATED ____", position: "3" },
    });
    expect(saved.status).toBe(302);
    const [changed] = await db().select().from(accountingPresets).where(eq(accountingPresets.id, row!.id));
    expect(changed).toMatchObject({ text: "CONTRACT NO ____ DATED ____", position: 3 });
    const deleted = await manager.request(S7, PAGE, { form: { csrf, intent: "delete", id: String(row!.id) } });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(accountingPresets).where(eq(accountingPresets.id, row!.id))).toEqual([]);
  });

  it("C6's manager cannot open or delete S7's preset; a forwarder has no such page", async () => {
    const [s7Preset] = await db().select().from(accountingPresets).where(and(eq(accountingPresets.carrier, "S7"), eq(accountingPresets.code, "s7_corporate")));
    const c6 = await bff.signedIn(C6, "c6.manager@cargodesk.test");
    expect((await c6.request(C6, PAGE)).status).toBe(200);
    expect((await c6.request(C6, `${PAGE}?edit=${s7Preset!.id}`)).status).toBe(404);
    await c6.request(C6, PAGE, { form: { csrf: await csrfOf(c6, C6, PAGE), intent: "delete", id: String(s7Preset!.id) } });
    expect(await db().select().from(accountingPresets).where(eq(accountingPresets.id, s7Preset!.id))).toHaveLength(1);
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await forwarder.request(S7, PAGE)).status).toBe(404);
  });
});

describe("the create page's presets", () => {
  it("offers the forwarder S7's own presets and applies one without JS", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    const page = await formPageOf(forwarder, S7, CREATE);
    expect(page.status).toBe(200);
    const offered = optionsOf(page.body, "accounting_preset");
    expect(offered).toContain("S7 corporate");
    // S7 keeps presets of its own: the catalogue is not offered beside them
    expect(offered).not.toContain("Freight prepaid");
    const applied = await submit(forwarder, S7, CREATE, { pieces: "2", weight: "20", accounting_information: "", accounting_preset: "s7_corporate", step: "preset" });
    expect(applied.status).toBe(200);
    expect(applied.body).toContain("CHARGE TO S7 CORPORATE ACCOUNT");
    expect(inputValue(applied.body, "weight")).toBe("20");
  });

  it("offers the catalogue, translated, where the airline keeps none", async () => {
    const forwarder = await bff.signedIn(SU, "forwarder@cargodesk.test");
    const page = await formPageOf(forwarder, SU, CREATE);
    expect(page.status).toBe(200);
    expect(optionsOf(page.body, "accounting_preset")).toEqual(expect.arrayContaining(["Government bill (MVD)", "Freight prepaid"]));
    expect(optionsOf(page.body, "accounting_preset")).not.toContain("S7 corporate");
  });
});
