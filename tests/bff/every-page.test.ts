/**
 * Every page a demo user of several roles can open (the route table's built pages, ids taken from the links the user
 * is offered, and every tab of a flight that needs attention), rendered in Russian, and V0's in Spanish:
 * - issue 9 §1.9 (the Russian flight summary said "Режим времени: local"): its visible text (not attributes, URLs or
 *   scripts) holds no enumerated value as the API sends it;
 * - DESIGN §2.4, the browser never holds a token: no answer of the walk (the page, whose HTML carries its routes'
 *   loader data, its headers and cookies) carries a token the API handed out to any account signed in so far
 *   (token-leaks.ts; session.test.ts checks each demo account's sign-in and landing the same way).
 * One walk for both: a page is rendered once, and checked for each.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ALLOTMENT_TYPES } from "../../api/flights/allotments";
import { ATTENTION_CODES } from "../../api/flights/attention";
import { LOAD_FACTOR_KINDS } from "../../api/db/tables/flights";
import { BUSINESS_TYPES, NOTIFICATION_LEVELS, ROLES } from "../../api/db/tables/enums";
import { CW_ROUNDING_RULES } from "../../api/settings/airlines";
import { SEASONS } from "../../api/settings/statistics";
import { call, signIn as apiSignIn } from "../api/helpers";
import { walkBuiltPages } from "../built-pages";
import { FLIGHT_PAGE_TABS } from "~/components/flights/flight-tabs";
import { linksOf, textOf, useBff, type Browser } from "./harness";
import { collectTokens, expectNoTokenIn } from "./token-leaks";

/**
 * The enumerations of the API's schemas and tables, plus those its schemas spell inline: time modes and the
 * flights tabs (api/flights/segments.ts) and the words a state is made of (active, open, closed, scheduled,
 * passenger: the examples).
 */
const ENUM_VALUES = new Set<string>([
  ...ALLOTMENT_TYPES, ...ATTENTION_CODES, ...LOAD_FACTOR_KINDS, ...BUSINESS_TYPES, ...NOTIFICATION_LEVELS, ...ROLES,
  ...CW_ROUNDING_RULES, ...SEASONS,
  "local", "utc", "current", "action_required", "with_shipments", "all",
  "active", "inactive", "open", "closed", "scheduled", "passenger", "true", "false", "null", "undefined",
]);

/** Words of the language itself that are spelled like a code ("hora local", "un error"). */
const WORDS_OF: Record<"ru" | "es", ReadonlySet<string>> = { ru: new Set(), es: new Set(["local", "error", "info"]) };

/**
 * The raw enum values in a page's visible text: whole tokens (an e-mail like s7.manager@… is one token), as the
 * API spells them (lower case), minus the language's own words.
 */
function rawEnumValues(html: string, locale: "ru" | "es"): string[] {
  // textOf keeps the <title>'s text, which the user sees too
  const tokens = textOf(html).split(/[\s,;:()«»"'·|/–—→]+/).map((t) => t.replace(/[.!?]+$/, ""));
  return [...new Set(tokens.filter((t) => ENUM_VALUES.has(t) && !WORDS_OF[locale].has(t)))];
}

const bff = useBff();

/** The tokens of every account signed in by this file (collected from the first sign-in on). */
let tokens: Set<string>;

const signedIn = (host: string, email: string, locale: "ru" | "es") => bff.signedIn(host, email, { locale });

/**
 * The paths already scanned in a language on a host, by an earlier account of the same test: the roles of one airline
 * share the templates, so a later role renders only the pages the earlier ones could not open (its walk still starts
 * at every page, and a page scanned before counts as opened without links).
 */
const scanned = new Map<string, Set<string>>();

/** Renders every page the user can open; the raw enum values each one shows ("path: value, value"). */
async function findings(browser: Browser, host: string, locale: "ru" | "es", extraPaths: string[] = []): Promise<{ pages: number; found: string[]; scannedOnHost: number }> {
  const found: string[] = [];
  let pages = 0;
  const scannedHere = scanned.get(`${host} ${locale}`) ?? new Set<string>();
  scanned.set(`${host} ${locale}`, scannedHere);
  const render = async (path: string) => {
    if (scannedHere.has(path)) return [];
    const page = await browser.request(host, path);
    if (page.status !== 200 || !page.body.includes('data-testid="sidebar"')) return null;
    pages++;
    scannedHere.add(path);
    const raw = rawEnumValues(page.body, locale);
    if (raw.length) found.push(`${path}: ${raw.join(", ")}`);
    return linksOf(page.body);
  };
  await walkBuiltPages(render);
  for (const path of extraPaths) await render(path);
  return { pages, found, scannedOnHost: scannedHere.size };
}

/** Every tab of the S7 flight the API reports over capacity (summary, load factor, change log, ...). */
async function attentionFlightTabs(): Promise<string[]> {
  const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const list = (await call(bff.api.app, tokens, "GET", "/api/v3/segments?state=action_required&per_page=100", { carrier: "s7" })).json();
  const flight = (list.data as Array<{ id: number; attention: string[] }>).find((s) => s.attention.includes("over_capacity"));
  if (!flight) throw new Error("the demo has no S7 flight over capacity");
  return FLIGHT_PAGE_TABS.map((tab) => `/dashboard/flights/${flight.id}?tab=${tab}`);
}

/**
 * One S7 tariff, charge and surcharge (the demo has none), so the walk meets their lists' rows and, through the
 * rows' edit links, their edit pages; the tokens are the API's own, handed out before the walk's collection starts.
 */
async function seedPrices(): Promise<void> {
  const manager = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const scope = { origin: "OVB", destination: "DME", effectiveFrom: "2026-01-01", currency: "RUB", vatInclusion: "included", vat: "20" };
  const bodies = {
    tariffs: { ...scope, basis: "charge", product: "GCR", rates: [{ rateClass: "M", value: "1500" }, { rateClass: "N", value: "95.5" }, { rateClass: "Q", weightBrake: 45, value: "80" }] },
    charges: { ...scope, chargeCode: "AWC", chargeName: "AWB fee", basis: "fixed", rate: "500", routeRegion: "DOMESTIC" },
    surcharges: { ...scope, code: "FSC", type: "perKg", value: "12.5", minimalWeight: "100" },
  };
  for (const [kind, payload] of Object.entries(bodies)) {
    const res = await call(bff.api.app, manager, "POST", `/api/v3/billing/${kind}`, { carrier: "s7", payload });
    if (res.statusCode !== 201) throw new Error(`POST billing/${kind}: ${res.statusCode} ${res.body}`);
  }
}

describe("no page shows an enumerated value as the API spells it, nor carries a token", () => {
  beforeAll(async () => {
    tokens = collectTokens(bff);
    await seedPrices();
  });

  it("the scanner finds the reported one and leaves codes inside e-mails and the language's own words alone", () => {
    expect(rawEnumValues("<p>Режим времени: local</p>", "ru")).toEqual(["local"]);
    expect(rawEnumValues('<p data-x="local">s7.manager@cargodesk.test</p><a href="/x?state=open">Открыть</a>', "ru")).toEqual([]);
    expect(rawEnumValues("<p>Hora local</p>", "es")).toEqual([]);
  });

  it.each([
    { email: "s7.manager@cargodesk.test", host: "s7.localhost" },
    { email: "s7.operator@cargodesk.test", host: "s7.localhost" },
    { email: "s7.admin@cargodesk.test", host: "s7.localhost" },
    { email: "s7.billing@cargodesk.test", host: "s7.localhost" },
    { email: "platform@cargodesk.test", host: "localhost" },
    { email: "forwarder@cargodesk.test", host: "localhost" },
    { email: "forwarder.admin@cargodesk.test", host: "localhost" },
  ])("in Russian, for $email", async ({ email, host }) => {
    const browser = await signedIn(host, email, "ru");
    const extra = host === "s7.localhost" ? await attentionFlightTabs() : [];
    const { found, scannedOnHost } = await findings(browser, host, "ru", extra);
    expect(scannedOnHost, "pages of this host scanned so far, this account's included").toBeGreaterThan(1);
    expect(found).toEqual([]);
    expect(tokens.size, "the tokens handed out were seen").toBeGreaterThanOrEqual(2);
    expectNoTokenIn(browser.answers, tokens, email);
  }, 120_000);

  it("in Spanish, for V0's manager", async () => {
    const browser = await signedIn("v0.localhost", "v0.manager@cargodesk.test", "es");
    const { pages, found } = await findings(browser, "v0.localhost", "es");
    expect(pages).toBeGreaterThan(1);
    expect(found).toEqual([]);
    expectNoTokenIn(browser.answers, tokens, "v0.manager@cargodesk.test");
  }, 120_000);
});
