/**
 * The AWB stock pages (issue 10) through the BFF against the real API: the airline's ranges with the load, assign and
 * withdraw dialogs (errors beside their fields, every typed value kept), the forwarder's own numbers, and who may open
 * which page. Serials 9 500 000 and up are this file's own.
 */
import { describe, expect, it } from "vitest";
import { awbNumberFromSerial } from "../../cargo";
import { companies } from "../../api/db/schema";
import { fieldErrorOf, hiddenInput, inLanguage, submit, textOf, useBff } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const FORWARDER_HOST = "cargo.localhost";
const PAGE = "/dashboard/settings/stocks";
const AGENT_PAGE = "/dashboard/settings/agent/stocks";
const [LOAD, ASSIGN, WITHDRAW] = ["stock-load-form", "stock-assign-form", "stock-withdraw-form"];

/** The HTML of a dialog's form: the page's filter form has a `prefix` input too. */
const formOf = (html: string, testId: string) => html.slice(html.indexOf(`data-testid="${testId}"`));
/** The value an input of a dialog's form shows back, whatever the attribute order. */
const shownValue = (html: string, testId: string, name: string) => hiddenInput(formOf(html, testId), name);
const errorOf = (html: string, testId: string, name: string) => fieldErrorOf(formOf(html, testId), name);

describe("the airline's AWB stock page", () => {
  it("lists the runs of the airline's ranges by holder, its own prefix only", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await manager.request(S7, PAGE);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain("AWB stocks");
    // the demo stock: 1 000 numbers, 200 with FWDONE (the demo waybills used some: fewer free), 100 with FWDTWO, the rest the pool
    expect(text).toMatch(/\d{7}-\d{7}\s+FWDONE\s+200\s+\d+/);
    expect(text).toMatch(/\d{7}-\d{7}\s+FWDTWO\s+100\s+\d+/);
    expect(text).toMatch(/Airline's pool\s+700\s+700/);
    expect(text).toContain("421");
    expect(text).not.toContain("555");
  });

  it("loads a range: a reversed range, an overlap and a bad prefix are said beside their fields, every typed value kept", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const reversed = await submit(manager, S7, `${PAGE}?dialog=load`, { intent: "load", prefix: "421", range: "9500009-9500000", location_iata: "ovb" });
    expect([reversed.status, reversed.refused]).toEqual([200, 400]);
    expect(errorOf(reversed.body, LOAD, "range")).toBe("The range starts at its lower serial");
    expect(shownValue(reversed.body, LOAD, "range")).toBe("9500009-9500000");
    expect(shownValue(reversed.body, LOAD, "location_iata")).toBe("ovb");

    const loaded = await submit(manager, S7, `${PAGE}?dialog=load`, { intent: "load", prefix: "421", range: "9500000 - 9500009", location_iata: "OVB" });
    expect(loaded.status, textOf(loaded.body).slice(-400)).toBe(302);
    const after = await manager.get(S7, loaded.location!, { follow: true });
    expect(textOf(after.body)).toContain("Range 9500000-9500009 loaded: 10 numbers");
    expect(textOf(after.body)).toMatch(/9500000-9500009\s+Airline's pool\s+10\s+10\s+No\s+OVB/);

    const overlap = await submit(manager, S7, `${PAGE}?dialog=load`, { intent: "load", prefix: "421", range: "9500005-9500020" });
    expect([overlap.status, overlap.refused]).toEqual([200, 422]);
    expect(errorOf(overlap.body, LOAD, "range")).toBe("Some of these numbers are already in the stock");
    expect(shownValue(overlap.body, LOAD, "range")).toBe("9500005-9500020");

    const foreign = await submit(manager, S7, `${PAGE}?dialog=load`, { intent: "load", prefix: "555", range: "9600000-9600009" });
    expect([foreign.status, foreign.refused]).toEqual([200, 422]);
    expect(errorOf(foreign.body, LOAD, "prefix")).toBe("This is not your airline's prefix");
  });

  it("assigns and withdraws numbers, with the refusals translated beside their fields", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const assigned = await submit(manager, S7, `${PAGE}?dialog=assign`, { intent: "assign", prefix: "421", forwarder_short_name: "fwdone", range: "9500000-9500004", count: "" });
    expect(assigned.status, textOf(assigned.body).slice(-400)).toBe(302);
    expect(textOf((await manager.get(S7, assigned.location!, { follow: true })).body)).toContain("5 numbers assigned to FWDONE");

    const neither = await submit(manager, S7, `${PAGE}?dialog=assign`, { intent: "assign", prefix: "421", forwarder_short_name: "FWDONE", range: "", count: "" });
    expect([neither.status, neither.refused]).toEqual([200, 400]);
    expect(errorOf(neither.body, ASSIGN, "range")).toBe("Give either serials or how many");

    const nobody = await submit(manager, S7, `${PAGE}?dialog=assign`, { intent: "assign", prefix: "421", forwarder_short_name: "NOSUCH", range: "", count: "3" });
    expect([nobody.status, nobody.refused]).toEqual([200, 422]);
    expect(errorOf(nobody.body, ASSIGN, "forwarder_short_name")).toBe("No forwarder with this short name");
    expect(shownValue(nobody.body, ASSIGN, "count")).toBe("3");

    const withdrawn = await submit(manager, S7, `${PAGE}?dialog=withdraw`, { intent: "withdraw", prefix: "421", forwarder_short_name: "FWDONE", range: "9500003-9500004", count: "" });
    expect(withdrawn.status).toBe(302);
    expect(textOf((await manager.get(S7, withdrawn.location!, { follow: true })).body)).toContain("2 numbers withdrawn from FWDONE");
    const again = await submit(manager, S7, `${PAGE}?dialog=withdraw`, { intent: "withdraw", prefix: "421", forwarder_short_name: "FWDONE", range: "9500003-9500004", count: "" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(errorOf(again.body, WITHDRAW, "range")).toBe("The forwarder has no free numbers there");
  });

  it("assigns to a forwarder chosen from those the airline has an agreement with, never typed (issue 22 item 9)", async () => {
    await bff.api.database.db.insert(companies).values({ short_name: "NOAGR", name: "No Agreement Cargo", business_type: "forwarder" });
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const dialog = formOf((await manager.request(S7, `${PAGE}?dialog=assign`)).body, ASSIGN);
    const select = dialog.match(/<select[^>]*name="forwarder_short_name"[^>]*>([\s\S]*?)<\/select>/);
    expect(select, "a select, not a text input").not.toBeNull();
    expect(dialog).not.toMatch(/<input[^>]*name="forwarder_short_name"/);
    const offered = [...select![1]!.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]).filter(Boolean);
    expect(offered.sort()).toEqual(["FWDONE", "FWDTWO"]);

    // a search narrows the choice without JS, the dialog staying open
    const searched = await manager.request(S7, `${PAGE}?dialog=assign&fq=two`);
    expect(searched.body).toContain('data-testid="stock-forwarder-search"');
    const narrowed = formOf(searched.body, ASSIGN).match(/<select[^>]*name="forwarder_short_name"[^>]*>([\s\S]*?)<\/select>/)![1]!;
    expect([...narrowed.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1])).toEqual(["FWDTWO"]);

    // a forwarder outside the list, posted by hand, is refused beside the field, the rest kept
    const refused = await submit(manager, S7, `${PAGE}?dialog=assign`, { intent: "assign", prefix: "421", forwarder_short_name: "NOAGR", range: "", count: "2" });
    expect([refused.status, refused.refused]).toEqual([200, 422]);
    expect(errorOf(refused.body, ASSIGN, "forwarder_short_name")).toBe("The airline has no agreement with this forwarder");
    expect(shownValue(refused.body, ASSIGN, "count")).toBe("2");
  });

  it("reads in Russian", async () => {
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const text = await inLanguage(manager, S7, "ru", async () => textOf((await manager.request(S7, PAGE)).body));
    expect(text).toContain("Резерв авиакомпании");
    expect(text).toContain("Загрузить диапазон");
  });
});

describe("the forwarder's AWB stock page", () => {
  it("shows the forwarder's own numbers with their totals, found by their digits", async () => {
    const forwarder = await bff.signedIn(FORWARDER_HOST, "forwarder@cargodesk.test");
    const page = await forwarder.request(FORWARDER_HOST, `${AGENT_PAGE}?q=${awbNumberFromSerial("421", 9_500_001)}`);
    expect(page.status).toBe(200);
    const text = textOf(page.body);
    expect(text).toContain(awbNumberFromSerial("421", 9_500_001));
    expect(text).not.toContain(awbNumberFromSerial("421", 9_500_002));
    expect(page.body).toMatch(/data-testid="stock-total-free"[^>]*>1</);
    const all = textOf((await forwarder.request(FORWARDER_HOST, `${AGENT_PAGE}?state=free`)).body);
    // FWDTWO's demo numbers are not FWDONE's: the forwarder sees only what it holds (200 per airline in the demo)
    expect(all).toMatch(/Free\s*:\s*\d{3,}/);
  });

  it("a forwarder cannot open the airline's page, an S7 Default user neither; the agent page is not the airline's", async () => {
    const forwarder = await bff.signedIn(S7, "forwarder@cargodesk.test");
    expect((await forwarder.request(S7, PAGE)).status).toBe(404);
    const operator = await bff.signedIn(S7, "s7.operator@cargodesk.test");
    expect((await operator.request(S7, PAGE)).status).toBe(404);
    const manager = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    expect((await manager.request(S7, AGENT_PAGE)).status).toBe(404);
    // a forged post to the airline's page is refused before anything is sent upstream
    const forged = await forwarder.request(S7, PAGE, { method: "POST", form: { intent: "load", prefix: "421", range: "9700000-9700009" } });
    expect(forged.status).toBe(404);
  });
});
