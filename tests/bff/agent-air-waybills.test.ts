/**
 * /dashboard/agent/air-waybills (issue 11; spec 1: staging, platform): the shipments list as one forwarder sees it,
 * for support staff, read-only. The forwarder is a field of the list's GET filter form (works without JS, keeps what
 * was typed, errors beside it); the rows are that forwarder's only. Elsewhere than staging, or for anyone but
 * platform, the page does not exist. Russian.
 */
import { describe, expect, it } from "vitest";
import { bookingFixtures } from "../api/booking-fixtures";
import type { TestApi } from "../api/helpers";
import { configuredNow, textOf, useBff } from "./harness";

const bff = useBff();
const STAGING = "staging.localhost";
const PAGE = "/dashboard/agent/air-waybills";
let made: ReturnType<typeof bookingFixtures> | undefined;
const fixtures = () => (made ??= bookingFixtures({ database: bff.api.database, clock: configuredNow } as unknown as TestApi));

/** The value attribute of the input named `name`. */
const shownValue = (html: string, name: string) => (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`))?.match(/\bvalue="([^"]*)"/)?.[1];

describe("the agent view", () => {
  it("platform on staging picks a forwarder and sees exactly that forwarder's waybills, without create or charter", async () => {
    const mine = await fixtures().waybill({ forwarder: "FWDTWO" });
    const theirs = await fixtures().waybill({ forwarder: "FWDONE" });
    const platform = await bff.signedIn(STAGING, "platform@cargodesk.test");

    const empty = await platform.request(STAGING, PAGE);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatch(/data-testid="agent-choose-forwarder"/);
    expect(empty.body).toMatch(/<option value="FWDTWO"/);

    const two = await platform.request(STAGING, `${PAGE}?forwarder=fwdtwo&tab=all&mawb=421-8`);
    expect(two.status).toBe(200);
    const text = textOf(two.body);
    expect(text).toContain(mine.mawb);
    expect(text).not.toContain(theirs.mawb);
    expect(shownValue(two.body, "forwarder")).toBe("fwdtwo");
    expect(two.body).not.toMatch(/data-testid="shipments-create"/);
    expect(two.body).not.toMatch(/name="mawbs"/);
    // the tabs keep the chosen forwarder
    expect(two.body).toMatch(/href="\/dashboard\/agent\/air-waybills\?forwarder=fwdtwo[^"]*tab=voided/);

    const one = await platform.request(STAGING, `${PAGE}?forwarder=FWDONE&tab=all&mawb=421-8`);
    expect(textOf(one.body)).toContain(theirs.mawb);
    expect(textOf(one.body)).not.toContain(mine.mawb);
  });

  it("an unknown or malformed forwarder is said beside the field, the typed value kept; Russian", async () => {
    const platform = await bff.signedIn(STAGING, "platform@cargodesk.test");
    const unknown = await platform.request(STAGING, `${PAGE}?forwarder=NOSUCHFWD`);
    expect(unknown.status).toBe(200);
    expect(shownValue(unknown.body, "forwarder")).toBe("NOSUCHFWD");
    expect(textOf(unknown.body)).toContain("No forwarder has this short name.");
    const malformed = await platform.request(STAGING, `${PAGE}?forwarder=${encodeURIComponent("<b>")}`);
    expect(textOf(malformed.body)).toContain("Enter a forwarder's short name");
    expect(shownValue(malformed.body, "forwarder")).toBe("&lt;b&gt;");

    const russian = await bff.signedIn(STAGING, "platform@cargodesk.test", { locale: "ru" });
    const ru = await russian.request(STAGING, `${PAGE}?forwarder=NOSUCHFWD`);
    expect(textOf(ru.body)).toContain("Агента с таким кратким названием нет.");
  });

  it("not on staging, or not platform: the page does not exist", async () => {
    const platform = await bff.signedIn("localhost", "platform@cargodesk.test");
    expect((await platform.request("localhost", `${PAGE}?forwarder=FWDTWO`)).status).toBe(404);
    const forwarder = await bff.signedIn(STAGING, "forwarder@cargodesk.test");
    expect((await forwarder.request(STAGING, `${PAGE}?forwarder=FWDONE`)).status).toBe(404);
    const manager = await bff.signedIn("staging-s7.localhost", "s7.manager@cargodesk.test");
    expect((await manager.request("staging-s7.localhost", `${PAGE}?forwarder=FWDTWO`)).status).toBe(404);
  });
});
