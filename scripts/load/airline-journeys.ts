/**
 * The airline desk's journeys, as s7.manager@ does them on s7.localhost with JavaScript off:
 * - open the flights list (current flights from one of the plan's stations) and a flight's page;
 * - answer a requested or waitlisted booking with KK from the bookings page (the capacity check decides: a full
 *   flight is refused with a message the desk can read);
 * - on a flight the forwarders booked, receive a waybill confirmed on it (Receiving tab, the counted pieces and
 *   weight as booked) and put a received one on the build-up (Ready for Carriage tab).
 * Only waybills of this run that the users were told are confirmed on the flight are handled: the demo's own
 * records stay as they are.
 */
import { formsOf, PageShapeError, textOf, type HtmlForm } from "./html-forms";
import { completed, idle, pick, refused, type JourneyEnd, type LoadWorld } from "./load-world";
import { FLIGHT, flightLinksOf, flightOfPage, MAWB, noticeOf, refusalText } from "./page-readers";
import { expectStatus, sameHostPath, type Page, type VirtualUser } from "./virtual-user";

const BOOKINGS_PAGE = "/dashboard/bookings";
const FLIGHT_PAGE = (id: number, tab?: string) => `/dashboard/flights/${id}${tab ? `?tab=${tab}` : ""}`;
const STATIONS = ["DME", "OVB"] as const;

/** The table row (`<tr ...>...</tr>`) of the page that holds `marker`. */
function rowAround(html: string, marker: string): string {
  const at = html.indexOf(marker);
  const start = html.lastIndexOf("<tr", at);
  const end = html.indexOf("</tr>", at);
  if (at < 0 || start < 0 || end < 0) throw new PageShapeError(`no table row holds ${marker}`);
  return html.slice(start, end);
}

/** The flights list, then one flight's page (one the forwarders booked when the run knows one). */
export async function browseFlights(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const list = await user.expectPage("flights list", `/dashboard/flights/tabs/current?origin=${pick(STATIONS, world.random)}`, 'data-testid="filters"');
  const links = flightLinksOf(list.body);
  if (links.length === 0) throw new PageShapeError("the current flights list from a demo station links to no flight");
  const known = new Set(world.flightIds.values());
  const booked = links.filter((l) => known.has(l.id));
  const link = pick(booked.length ? booked : links, world.random);
  const page = await user.expectPage("flight page", link.href, 'data-testid="flight-tabs"');
  flightOfPage(page.body);
  return completed;
}

/** Bookings page (requests to answer), then KK on one of them. */
export async function answerRequest(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const page = await user.expectPage("bookings (requests)", BOOKINGS_PAGE, 'data-testid="bookings-table"');
  const forms = formsOf(page.body).filter((f) => f.testId?.startsWith("booking-confirm-"));
  if (forms.length === 0) return idle("no request to answer");
  const form = pick(forms, world.random);
  const row = textOf(rowAround(page.body, `data-testid="${form.testId}"`));
  const mawb = MAWB.exec(row)?.[0];
  const flight = FLIGHT.exec(row)?.[0];
  if (!mawb || !flight) throw new PageShapeError(`a request row without its waybill or flight: ${row.slice(0, 160)}`);
  if (!form.fields.some(([n, v]) => n === "status" && v === "KK")) throw new PageShapeError(`${form.testId} does not answer KK`);
  const answered = await user.post("answer booking KK", page, form);
  if (answered.status === 422 || answered.status === 409 || answered.status === 404) {
    const text = textOf(answered.body);
    return refused(text.includes("not enough free space") ? "flight full" : `answer refused ${answered.status}: ${refusalText(answered.body)}`);
  }
  expectStatus(answered, 302, "answer booking KK");
  const after = await user.open("bookings (answered)", sameHostPath(answered));
  expectStatus(after, 200, "bookings (answered)");
  const notice = noticeOf(after.body) ?? "";
  if (notice !== `Booking ${mawb} on ${flight} answered: KK`) throw new PageShapeError(`after answering ${mawb} KK the page says "${notice}"`);
  world.ledger.bookingConfirmed({ mawb, flight, status: "KK" });
  return completed;
}

/** The row forms of a handling tab for waybills of this run confirmed on the flight: `prefix` + mawb. */
function ourForms(page: Page, prefix: string, confirmed: ReadonlySet<string>): Array<{ form: HtmlForm; mawb: string }> {
  return formsOf(page.body)
    .filter((f) => f.testId?.startsWith(prefix))
    .map((form) => ({ form, mawb: form.testId!.slice(prefix.length) }))
    .filter(({ mawb }) => confirmed.has(mawb));
}

/** One press of a row's submit button (`intent`), then the page it lands on with the expected notice. */
async function act(user: VirtualUser, step: string, page: Page, form: HtmlForm, intent: string, notice: string): Promise<JourneyEnd | null> {
  const button = form.buttons.find((b) => b.name === "intent" && b.value === intent);
  if (!button) throw new PageShapeError(`${step}: the row form has no ${intent} button`);
  const answer = await user.post(step, page, form, {}, button);
  if (answer.status >= 400 && answer.status < 500) return refused(`${step} refused ${answer.status}: ${refusalText(answer.body)}`);
  expectStatus(answer, 302, step);
  const after = await user.open(`${step} (answer)`, sameHostPath(answer));
  expectStatus(after, 200, `${step} (answer)`);
  const said = noticeOf(after.body) ?? "";
  if (said !== notice) throw new PageShapeError(`${step}: the page says "${said}", expected "${notice}"`);
  return null;
}

/**
 * The airline issues one confirmed waybill of this run from its shipment page, when the page offers Issue: the flight
 * receives only issued waybills (the shipment's state graph, cargo/awb/shipment-state.ts). Null when there was none
 * to issue or it was issued; a journey end when the issue was refused.
 */
async function issueOne(user: VirtualUser, world: LoadWorld, confirmed: ReadonlySet<string>): Promise<{ end: JourneyEnd | null; issued: boolean }> {
  const mawb = pick([...confirmed], world.random);
  const page = await user.expectPage("waybill page (airline)", `/dashboard/shipments/${mawb}`, 'data-testid="shipment-actions"');
  const form = formsOf(page.body).find((f) => f.buttons.some((b) => b.name === "intent" && b.value === "issue"));
  if (!form) return { end: null, issued: false };
  const button = form.buttons.find((b) => b.name === "intent" && b.value === "issue")!;
  const answer = await user.post("issue waybill", page, form, {}, button);
  // Another airline desk issued it between our page and our press. A known defect: the shipment page answers a press
  // its actions no longer offer with the not-found page (it cannot tell a stale page from a forged button); the graph's
  // own refusal ("The shipment is issued: ...") would be the right answer.
  if (answer.status === 404) return { end: refused("issue waybill: issued meanwhile by another desk (not-found page)"), issued: false };
  expectStatus(answer, 302, "issue waybill");
  const after = await user.open("issue waybill (answer)", sameHostPath(answer));
  expectStatus(after, 200, "issue waybill (answer)");
  const said = noticeOf(after.body) ?? "";
  if (said === `Air waybill ${mawb} issued`) return { end: null, issued: true };
  // another airline desk issued it between our page and our press: the graph refuses the second issue, in words
  if (said.includes("not possible in this state")) return { end: refused(`issue waybill refused: ${said}`), issued: false };
  throw new PageShapeError(`issue waybill: the page says "${said}", expected "Air waybill ${mawb} issued"`);
}

/**
 * Receiving and build-up on a flight the forwarders booked: receive one confirmed waybill (issuing one first when
 * none is ready to receive), manifest one received.
 */
export async function handleCargo(user: VirtualUser, world: LoadWorld): Promise<JourneyEnd> {
  const flights = world.ledger.flightsWithConfirmed().filter((f) => world.flightIds.has(f));
  if (flights.length === 0) return idle("no confirmed cargo on a known flight yet");
  const flight = pick(flights, world.random);
  const id = world.flightIds.get(flight)!;
  const confirmed = world.ledger.confirmedOn(flight);

  const receiving = await user.expectPage("flight: receiving", FLIGHT_PAGE(id, "receiving"), 'data-testid="receiving-table"');
  if (flightOfPage(receiving.body) !== flight) throw new PageShapeError(`flight ${id} is not ${flight}`);
  let did = false;
  const toReceive = ourForms(receiving, "receive-", confirmed);
  if (toReceive.length) {
    const { form, mawb } = pick(toReceive, world.random);
    const end = await act(user, "receive cargo", receiving, form, "receive", `${mawb} received`);
    if (end) return end;
    did = true;
  } else if (confirmed.size) {
    const { end, issued } = await issueOne(user, world, confirmed);
    if (end) return end;
    did = issued;
  }

  const ready = await user.expectPage("flight: ready for carriage", FLIGHT_PAGE(id, "build_up"), 'data-testid="flight-tabs"');
  const toManifest = ourForms(ready, "manifest-add-", confirmed);
  if (toManifest.length) {
    const { form, mawb } = pick(toManifest, world.random);
    const end = await act(user, "manifest cargo", ready, form, "manifest_add", `${mawb} added to the build-up`);
    if (end) return end;
    did = true;
  }
  return did ? completed : idle("nothing left to receive or manifest");
}
