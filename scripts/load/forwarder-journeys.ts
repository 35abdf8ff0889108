/**
 * The forwarder's journeys, as forwarder@ does them in a browser with JavaScript off:
 * - on the forwarder host (cargo.localhost): search the booking page for the shipment's route and day, press Book on
 *   an offered trip, complete the create air waybill form it opens and save; the waybill's page says it was created;
 * - on the airline host (s7.localhost): open create air waybill, type the cargo and route, Search flights, choose an
 *   offered trip and save;
 * - open the shipments list and one of the waybills it was told about.
 * Every waybill and booking the pages tell of goes into the ledger for the reconciliation.
 */
import { nextShipment, type Shipment } from "./cargo-plan";
import { formWhere, linksOf, PageShapeError, textOf, type HtmlForm } from "./html-forms";
import { completed, idle, pick, refused, type JourneyEnd, type LoadWorld } from "./load-world";
import { bookingsOfWaybillPage, bookLinksOf, MAWB, noticeOf, refusalText, titleOf } from "./page-readers";
import { expectStatus, sameHostPath, UnexpectedAnswer, type Page, type VirtualUser } from "./virtual-user";

const CREATE_PAGE = "/dashboard/air-waybills/create";
const SEARCH_PAGE = "/dashboard/offers/select";
const SHIPMENT_PAGE = /^\/dashboard\/shipments\/(\d{3}-\d{8})$/;

/** What a forwarder types besides the figures: a cargo every booking check accepts (Latin commodity, one HS code). */
const PAPERWORK = {
  commodity: "SPARE PARTS",
  hs_codes: "8708",
  "shipper.name": "LOAD TEST SHIPPER LLC",
  "consignee.name": "LOAD TEST CONSIGNEE LLC",
  accounting_information: "FREIGHT PREPAID",
};

const figures = (s: Shipment) => ({ pieces: String(s.pieces), weight: String(s.weight), volume: s.volume.toFixed(2) });

const createForm = (page: Page) => formWhere(page.body, "create air waybill", (f) => f.id === "awb-create" && f.method === "post");

/** The trips the create form offers (radio "trip", not disabled, not the "no flight" choice). */
const offeredTrips = (form: HtmlForm) => form.choices.filter((c) => c.name === "trip" && c.value !== "" && !c.disabled).map((c) => c.value);

/** Share of saves that are a double click: the same form posted twice at once (issue 12 "double submission"). */
export const DOUBLE_CLICK_SHARE = 0.1;
const IN_PROGRESS = "This form is already being saved";

/**
 * The save of a create form, now and then double-clicked. Both posts of a double click carry the form's one
 * idempotency_key: each must lead to the same waybill (or say the first is still being saved); two different waybills
 * are a duplicate the user never asked for.
 */
async function save(user: VirtualUser, world: LoadWorld, page: Page, form: HtmlForm, changes: Record<string, string>): Promise<{ answer: Page; doubleClicked: boolean }> {
  if (world.random() >= DOUBLE_CLICK_SHARE) return { answer: await user.post("create waybill", page, form, changes), doubleClicked: false };
  world.ledger.doubleClicks++;
  const [first, second] = await Promise.all([user.post("create waybill (double click)", page, form, changes), user.post("create waybill (double click)", page, form, changes)]);
  const redirected = [first, second].filter((a) => a.status === 302);
  const busy = [first, second].filter((a) => a.status === 409 && textOf(a.body).includes(IN_PROGRESS));
  if (redirected.length === 2 && redirected[0]!.location !== redirected[1]!.location) {
    world.ledger.splitDoubleClicks.push(`${redirected[0]!.location} and ${redirected[1]!.location}`);
    // both were told; the reconciliation finds both, the split itself fails the run
    const other = SHIPMENT_PAGE.exec(sameHostPath(redirected[1]!))?.[1];
    if (other) world.ledger.waybillCreated(other);
  }
  if (redirected.length + busy.length < 2 && redirected.length > 0) {
    const odd = [first, second].find((a) => a.status !== 302 && !busy.includes(a))!;
    throw new UnexpectedAnswer("create waybill (double click)", odd, "302 like its twin");
  }
  return { answer: redirected[0] ?? first, doubleClicked: true };
}

/**
 * The save of a create form and what the user is then told: the waybill page with its "created" notice and bookings.
 * A refusal the page explains (a full stock, a closed flight) ends the journey as refused.
 */
async function saveAndRead(user: VirtualUser, world: LoadWorld, page: Page, form: HtmlForm, changes: Record<string, string>, trip: string): Promise<JourneyEnd> {
  const { answer: saved, doubleClicked } = await save(user, world, page, form, { ...changes, consignor_certified: "on" });
  if (saved.status === 409) return refused(textOf(saved.body).includes(IN_PROGRESS) ? "still being saved" : "warnings asked"); // the plan keeps pieces under the warning limits
  if (saved.status >= 400 && saved.status < 500) return refused(`create refused ${saved.status}: ${refusalText(saved.body)}`);
  expectStatus(saved, 302, "create waybill");
  const target = sameHostPath(saved);
  const mawb = SHIPMENT_PAGE.exec(target)?.[1];
  if (!mawb) throw new PageShapeError(`create waybill redirected to ${target}, not a waybill page`);
  world.ledger.waybillCreated(mawb);
  const shown = await user.open("waybill page (created)", target);
  expectStatus(shown, 200, "waybill page (created)");
  if (!titleOf(shown.body).includes(mawb)) throw new PageShapeError(`the page of a created ${mawb} is titled "${titleOf(shown.body)}"`);
  // a double click's two answers each set the session cookie; the one that came last decides whether the notice shows,
  // as in a browser, so only a single save must be followed by it
  const notice = noticeOf(shown.body) ?? "";
  if (!doubleClicked && !notice.includes(`Air waybill ${mawb} created`)) throw new PageShapeError(`the page of a created ${mawb} does not say so (notice: "${notice}")`);
  const bookings = bookingsOfWaybillPage(shown.body, mawb);
  if (trip && bookings.length === 0) throw new PageShapeError(`${mawb} was created on trip ${trip} but its page lists no booking`);
  world.ledger.bookingsShown(mawb, bookings);
  // a trip is its legs' segment ids in order ("3-63"), and the page lists one booking per leg in the same order
  const legs = trip.split("-").map(Number);
  if (legs.every((id) => Number.isInteger(id) && id > 0) && legs.length === bookings.length) {
    bookings.forEach((b, i) => {
      world.flightIds.set(b.flight, legs[i]!);
    });
  }
  return completed;
}

/** cargo.localhost: the booking search, Book, the create form it opens, save. */
export async function bookFromSearch(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const shipment = nextShipment(world.days, world.random);
  const query = new URLSearchParams({ tab: "trips", origin_iata: shipment.origin, destination_iata: shipment.destination, flight_date: shipment.date, ...figures(shipment) });
  const results = await user.expectPage("booking search", `${SEARCH_PAGE}?${query}`, 'name="origin_iata"');
  const links = bookLinksOf(results.body);
  if (links.length === 0) return idle("no trip offered");
  const link = pick(links, world.random);
  const page = await user.expectPage("create form (from Book)", link.href, 'id="awb-create"');
  const form = createForm(page);
  if (!form.choices.some((c) => c.name === "trip" && c.value === link.trip && c.checked)) throw new PageShapeError(`Book on trip ${link.trip} opened the create form without that trip chosen`);
  return saveAndRead(user, world, page, form, PAPERWORK, link.trip);
}

/** s7.localhost: create air waybill, Search flights on the form, choose a trip, save. */
export async function createWithFlightChoice(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const shipment = nextShipment(world.days, world.random);
  const blank = await user.expectPage("create form", CREATE_PAGE, 'id="awb-create"');
  const typed = { ...PAPERWORK, ...figures(shipment), origin_iata: shipment.origin, destination_iata: shipment.destination, flight_date: shipment.date };
  const form = createForm(blank);
  if (!form.buttons.some((b) => b.name === "step" && b.value === "search")) throw new PageShapeError("the create form has no Search flights button");
  const searched = await user.post("create form: search flights", blank, form, typed, { name: "step", value: "search" });
  if (searched.status >= 400 && searched.status < 500) return refused(`search refused ${searched.status}: ${refusalText(searched.body)}`);
  expectStatus(searched, 200, "create form: search flights");
  const withTrips = createForm(searched);
  const trips = offeredTrips(withTrips);
  if (trips.length === 0) return idle("no trip offered");
  const trip = pick(trips, world.random);
  // the answered form holds everything typed; the choice and the certification are what the user adds
  return saveAndRead(user, world, searched, withTrips, { trip }, trip);
}

/** The shipments list (the sidebar's link), then the page of a waybill. */
export async function browseShipments(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const path = shipmentsPathOf(user.landing);
  const list = await user.expectPage("shipments list", path, "<table");
  if (!MAWB.test(textOf(list.body))) throw new PageShapeError(`the shipments list ${path} shows no waybill number`);
  // one it was told about; before the first, the newest the list links to
  const mawb = world.ledger.someWaybill(world.random()) ?? linksOf(list.body).map((l) => SHIPMENT_PAGE.exec(l)?.[1]).find(Boolean);
  if (!mawb) throw new PageShapeError(`the shipments list ${path} links to no waybill page`);
  const page = await user.expectPage("waybill page", `/dashboard/shipments/${mawb}`, `<title>`);
  if (!titleOf(page.body).includes(mawb)) throw new PageShapeError(`the page of ${mawb} is titled "${titleOf(page.body)}"`);
  return completed;
}

/** The shipments list a forwarder's sidebar links to on this host (the new or the old page). */
export function shipmentsPathOf(landing: Page | undefined): string {
  if (!landing) throw new PageShapeError("the user has no landing page: not signed in");
  const links = linksOf(landing.body);
  const path = ["/dashboard/air-waybills", "/dashboard/shipments"].find((p) => links.includes(p));
  if (!path) throw new PageShapeError(`the sidebar of ${landing.path} links to no shipments list`);
  return path;
}
