import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houseWaybills, messageSettings, outgoingMessages } from "../../api/db/schema";
import { formatIataDate } from "../../cargo/time/iata-date";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { isInternalAddress } from "../../api/outgoing/post-url";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi } from "./helpers";
import { startSmtpSink } from "./smtp-sink";

// Outgoing telegrams (issue 23): recorded with their send job in the request's transaction, sent by the queue over a
// REAL local SMTP server, an HTTP server and a SITA gateway (an HTTP endpoint) started here, retried after a refusal,
// failed with a code after the last attempt and sent again on resend; a URL that leads into our own network is
// refused where the socket is opened; another airline gets nothing.

interface Post {
  path: string;
  contentType: string;
  body: string;
}
const posts: Post[] = [];
/** What the local HTTP server answers next (200 unless told). */
let httpStatus = 200;
const web = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    posts.push({ path: req.url ?? "", contentType: String(req.headers["content-type"]), body: Buffer.concat(chunks).toString("utf8") });
    res.statusCode = httpStatus;
    res.end("ok");
  });
});

const listen = (server: { listen(port: number, host: string, cb: () => void): unknown }) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
const smtp = await startSmtpSink();
const mails = smtp.received;
await listen(web);
const webPort = (web.address() as AddressInfo).port;
const local = (path: string) => `http://127.0.0.1:${webPort}${path}`;

const { t, accounts } = useTestApi({
  signIn: ["s7Manager", "s7Operator", "c6Manager", "platform", "forwarderOnS7"],
  config: {
    SMTP_URL: smtp.url,
    SITA_GATEWAY_URL: local("/sita"),
    // the test's servers listen on the loopback: allowed for IP literals only, under this explicit setting
    OUTGOING_URL_ALLOW_LOOPBACK: true,
    OUTGOING_URL_TIMEOUT_MS: 5000,
  },
});
const s7 = callsOn(t, "s7");
const c6 = callsOn(t, "c6");
let f: ReturnType<typeof bookingFixtures>;
beforeAll(() => {
  f = bookingFixtures(t);
});
afterAll(async () => {
  await smtp.close();
  await new Promise<void>((resolve) => web.close(() => resolve()));
});

const detail = async (id: number) => (await s7(accounts.s7Manager, "GET", `/api/v3/outgoing_messages/${id}`)).json();
const sendFwb = (mawb: string, body: object, tokens = accounts.s7Manager) => s7(tokens, "POST", `/api/v3/air_waybills/${mawb}/send_fwb`, body);
/** A setting written straight to the table, as the API would refuse its loopback URL: the test's servers are local. */
const setting = async (values: Partial<typeof messageSettings.$inferInsert>) => {
  const [row] = await t.database.db
    .insert(messageSettings)
    .values({ carrier: "S7", message_type: "FWB", source_type: "manual", message_format: "cimp", message_to: [], active: true, ...values })
    .returning();
  return row!;
};
const dropSetting = (id: number) => t.database.db.update(messageSettings).set({ active: false }).where(eq(messageSettings.id, id));

describe("sending a waybill's FWB", () => {
  it("by e-mail: recorded queued in the request, sent by its job over SMTP, readable as sent", async () => {
    const awb = await f.waybill({ origin: "OVB", destination: "DME", pieces: 3, weight: 120, shipper: { name: "ООО Сибирская рыба", city: "Новосибирск", country_code: "RU" }, consignee: { name: "Volga Machinery", city: "Moscow", country_code: "RU" } });
    const res = await sendFwb(awb.mawb, { message: { channel: "email", addresses: ["fwb.desk@s7.example"] } });
    expect(res.statusCode, res.body).toBe(201);
    const [queued] = res.json().data;
    expect(queued).toMatchObject({ channel_type: "email", status: "queued", message_type: "FWB", mawb: awb.mawb, to: ["fwb.desk@s7.example"], attempts: 0 });
    expect(mails.some((m) => m.raw.includes(awb.mawb))).toBe(false);

    await t.app.jobs.drain();
    const mail = mails.find((m) => m.raw.includes(awb.mawb))!;
    expect(mail.to).toEqual(["fwb.desk@s7.example"]);
    expect(mail.raw).toContain(`Subject: FWB ${awb.mawb}`);
    const sent = await detail(queued.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error_code: null, actions: { resend: true } });
    expect(sent.sent_at).toBe(t.clock().toISOString());
    // the text the codec wrote reads back as the waybill, the Cyrillic shipper transliterated
    const read = parseTelegram(sent.body);
    expect(read.errors).toEqual([]);
    expect(read.message).toMatchObject({ mawb: awb.mawb, origin_iata: "OVB", destination_iata: "DME", pieces: 3, weight: 120, shipper: { name: "OOO SIBIRSKAIA RYBA", city: "NOVOSIBIRSK" } });
  });

  it("is sent again after the SMTP server refused once, on the queue's backoff", async () => {
    const awb = await f.waybill({});
    smtp.refuseNext();
    const id = (await sendFwb(awb.mawb, { addresses: "retry.desk@s7.example" })).json().data[0].id;
    await t.app.jobs.drain();
    expect(await detail(id)).toMatchObject({ status: "queued", attempts: 1, last_error_code: "smtp_refused", delivery: { state: "failed", attempts: 1 } });
    expect(mails.some((m) => m.raw.includes(awb.mawb))).toBe(false);
    t.clock.advance(30);
    await t.app.jobs.drain();
    expect(await detail(id)).toMatchObject({ status: "sent", attempts: 2, last_error_code: null });
    expect(mails.filter((m) => m.raw.includes(awb.mawb))).toHaveLength(1);
  });

  it("as a Type-B telegram in its envelope, through the SITA gateway", async () => {
    const awb = await f.waybill({});
    const res = await sendFwb(awb.mawb, { addresses: ["mowfms7", "LEDFMS7"] });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = res.json().data;
    expect(row).toMatchObject({ channel_type: "sita", to: ["MOWFMS7", "LEDFMS7"], sender: "HDQFMS7" });
    await t.app.jobs.drain();
    const post = posts.find((p) => p.path === "/sita" && p.body.includes(awb.mawb))!;
    expect(post.body).toMatch(/^QK MOWFMS7 LEDFMS7\r\n\.HDQFMS7 \d{6}\/[0-9A-F]{8}\r\nFWB\/16\r\n/);
    expect(parseTelegram(post.body).envelope).toMatchObject({ addresses: ["MOWFMS7", "LEDFMS7"], origin: "HDQFMS7" });
    expect(await detail(row.id)).toMatchObject({ status: "sent" });
  });

  it("to the airline's settings for sending FWB by hand when no address is given: a JSON model POSTed to a URL", async () => {
    const s = await setting({ message_to: [local("/fwb-json")], message_format: "json" });
    const awb = await f.waybill({ origin: "OVB" });
    const res = await sendFwb(awb.mawb, {});
    expect(res.statusCode, res.body).toBe(201);
    const [row] = res.json().data;
    expect(row).toMatchObject({ channel_type: "url", message_format: "json", request_method: "POST", message_setting_id: s.id });
    await t.app.jobs.drain();
    const post = posts.find((p) => p.path === "/fwb-json" && p.body.includes(awb.mawb))!;
    expect(post.contentType).toBe("application/json");
    expect(JSON.parse(post.body)).toMatchObject({ mawb: awb.mawb, pieces: awb.pieces, origin_iata: "OVB" });
    await dropSetting(s.id);
  });

  it("says failed with its code after the last attempt, and is sent again on resend", async () => {
    const s = await setting({ message_to: [local("/flaky")] });
    const awb = await f.waybill({});
    httpStatus = 503;
    const id = (await sendFwb(awb.mawb, {})).json().data[0].id;
    await dropSetting(s.id);
    for (const wait of [0, 30, 60, 120, 240]) {
      t.clock.advance(wait);
      await t.app.jobs.drain();
    }
    const failed = await detail(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 5, last_error_code: "url_status", actions: { resend: true }, delivery: { state: "dead" } });
    expect(failed.last_error).toContain("503");
    httpStatus = 200;
    // an operator may see it but not send it again; a manager resends
    const resend = await s7(accounts.s7Manager, "POST", `/api/v3/outgoing_messages/${id}/resend`);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json()).toMatchObject({ status: "queued", attempts: 0, actions: { resend: false } });
    // the graph: a queued message is the queue's
    const twice = await s7(accounts.s7Manager, "POST", `/api/v3/outgoing_messages/${id}/resend`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({ code: "outgoing_state_forbids", params: { state: "queued", action: "resend" } });
    await t.app.jobs.drain();
    expect(await detail(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("never reaches into our own network: refused when typed, and where the socket opens when a name resolves there", async () => {
    const awb = await f.waybill({});
    const typed = await sendFwb(awb.mawb, { addresses: ["https://10.0.0.1/hook"] });
    expect(typed.statusCode).toBe(422);
    expect(typed.json().error_codes.addresses[0]).toMatchObject({ code: "internal_url" });
    // a public-looking https name that resolves to the loopback (as a re-pointed DNS name would): the lookup refuses it
    const s = await setting({ message_to: [`https://localhost:${webPort}/inside`] });
    const id = (await sendFwb(awb.mawb, {})).json().data[0].id;
    await dropSetting(s.id);
    await t.app.jobs.drain();
    expect(await detail(id)).toMatchObject({ status: "failed", attempts: 1, last_error_code: "url_private_address" });
    expect(posts.some((p) => p.path === "/inside")).toBe(false);
    for (const ip of ["127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "169.254.169.254", "::1", "fd00::1", "fe80::1", "::ffff:10.0.0.1", "0.0.0.0"]) expect(isInternalAddress(ip), ip).toBe(true);
    for (const ip of ["8.8.8.8", "2a00:1450:4001::1", "::ffff:8.8.4.4"]) expect(isInternalAddress(ip), ip).toBe(false);
  });

  it("refuses what is not an address of the channel named, too many addresses, and a waybill list over its limit", async () => {
    const awb = await f.waybill({});
    const channel = await sendFwb(awb.mawb, { channel: "sita", addresses: ["ops@s7.example"] });
    expect(channel.json().error_codes.addresses[0]).toMatchObject({ code: "address_not_of_channel", params: { channel: "sita" } });
    const many = await sendFwb(awb.mawb, { addresses: Array.from({ length: 21 }, (_, i) => `a${i}@s7.example`) });
    expect(many.statusCode).toBe(422);
    const list = await s7(accounts.s7Manager, "POST", "/api/v3/air_waybills/fwb_list", { fwb_list: { mawbs: Array.from({ length: 51 }, () => awb.mawb), addresses: ["x@s7.example"] } });
    expect(list.statusCode).toBe(422);
    const fhl = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${awb.mawb}/fhl`, { addresses: ["x@s7.example"] });
    expect(fhl.json().error_codes.base[0].code).toBe("no_house_waybills");
  });

  it("sends the FHL of a waybill's house waybills, which reads back as those houses", async () => {
    const awb = await f.waybill({ origin: "OVB", destination: "DME", pieces: 3, weight: 120 });
    await t.database.db.insert(houseWaybills).values([
      { air_waybill_id: awb.id, mawb: awb.mawb, serial_number: "HB1", origin_iata: "OVB", destination_iata: "DME", pieces: 1, weight: 40, manifest_description_of_goods: "Запчасти", hs_codes: ["870899"] },
      { air_waybill_id: awb.id, mawb: awb.mawb, serial_number: "HB2", origin_iata: "OVB", destination_iata: "DME", pieces: 2, weight: 80, manifest_description_of_goods: "BOOKS" },
    ]);
    const res = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${awb.mawb}/fhl`, { message: { addresses: ["house.desk@s7.example"] } });
    expect(res.statusCode, res.body).toBe(201);
    const { body } = await detail(res.json().data[0].id);
    const read = parseTelegram(body);
    expect(read.type).toBe("FHL");
    expect(read.errors).toEqual([]);
    expect(read.message).toMatchObject({
      mawb: awb.mawb,
      house_waybills: [
        { serial_number: "HB1", pieces: 1, weight: 40, manifest_description_of_goods: "ZAPCHASTI", hs_codes: ["870899"] },
        { serial_number: "HB2", pieces: 2, weight: 80, manifest_description_of_goods: "BOOKS" },
      ],
    });
  });

  it("sends the FWBs of a list, naming the numbers it could not", async () => {
    const [a, b] = [await f.waybill({}), await f.waybill({})];
    const su = await f.waybill({ carrier: "SU", prefix: "555" });
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/air_waybills/fwb_list", { fwb_list: { mawbs: [a.mawb, b.mawb, su.mawb, "nonsense"], channel: "email", addresses: ["list.desk@s7.example"] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sent.sort()).toEqual([a.mawb, b.mawb].sort());
    expect(res.json().not_found.sort()).toEqual(["nonsense", su.mawb].sort());
    expect(res.json().data).toHaveLength(2);
  });
});

describe("a waybill's FWB and FHL pages' calls", () => {
  it("answer the text sending would write, can_send_fhl once there are houses, and the telegrams received about it", async () => {
    const awb = await f.waybill({ origin: "OVB", destination: "DME", pieces: 3, weight: 120 });
    const fwb = await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${awb.mawb}/fwb`);
    expect(fwb.statusCode, fwb.body).toBe(200);
    expect(fwb.json()).toMatchObject({ type: "FWB", mawb: awb.mawb });
    expect(parseTelegram(fwb.json().text)).toMatchObject({ type: "FWB", message: { mawb: awb.mawb, pieces: 3, weight: 120 } });

    // no house waybills: nothing to write, and the detail says it cannot be sent
    const none = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/fhl`);
    expect([none.statusCode, none.json().error_codes.base[0].code]).toEqual([422, "no_house_waybills"]);
    const noFile = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/house_waybills.cimp`);
    expect([noFile.statusCode, noFile.json().error_codes.base[0].code]).toEqual([422, "no_house_waybills"]);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}`)).json().can_send_fhl).toBe(false);
    await t.database.db.insert(houseWaybills).values({ air_waybill_id: awb.id, mawb: awb.mawb, serial_number: "HP1", origin_iata: "OVB", destination_iata: "DME", pieces: 3, weight: 120, manifest_description_of_goods: "BOOKS" });
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}`)).json().can_send_fhl).toBe(true);
    const fhl = (await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/fhl`)).json();
    expect(parseTelegram(fhl.text).message).toMatchObject({ mawb: awb.mawb, house_waybills: [{ serial_number: "HP1", pieces: 3 }] });

    // the same texts as files: the e-AWB in Cargo-IMP as a page (escaped, no script can run), the houses as a text file
    const eap = await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${awb.mawb}/eap.cimp`);
    expect([eap.statusCode, eap.headers["content-type"], eap.headers["content-security-policy"]]).toEqual([200, "text/html; charset=utf-8", "default-src 'none'; style-src 'unsafe-inline'"]);
    const shown = /<pre>([\s\S]*)<\/pre>/.exec(eap.body)![1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
    expect(shown).toBe(fwb.json().text);
    expect(eap.body).toContain(`<title>FWB ${awb.mawb}</title>`);
    const houses = await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/house_waybills.cimp`);
    expect([houses.statusCode, houses.headers["content-type"], houses.headers["content-disposition"]]).toEqual([200, "text/plain; charset=utf-8", `attachment; filename="fhl_${awb.mawb}.txt"`]);
    expect(houses.body).toBe(fhl.text);

    // received telegrams about it: the airline's Default user reads them here (not the telegram lists), by type
    const received = await s7(accounts.s7Manager, "POST", "/api/v3/cimp_telegrams", { cimp_text: `FWB/16\r\n${awb.mawb}OVBDME/T3K120.0\r\n` });
    expect(received.statusCode, received.body).toBe(201);
    const listed = (await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${awb.mawb}/cimp_telegrams?message_type=FWB`)).json();
    expect(listed.data.map((r: { id: number }) => r.id)).toEqual([received.json().id]);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${awb.mawb}/cimp_telegrams?message_type=FHL`)).json().data).toEqual([]);
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/cimp_telegrams")).statusCode).toBe(403);

    // another airline: neither the text nor the telegrams; a forwarder not in the messaging section reads no telegrams
    for (const path of ["fwb", "fhl", "cimp_telegrams", "eap.cimp", "house_waybills.cimp"]) expect((await c6(accounts.c6Manager, "GET", `/api/v3/air_waybills/${awb.mawb}/${path}`)).statusCode).toBe(404);
    expect((await callsOn(t, "s7")(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${awb.mawb}/cimp_telegrams`)).statusCode).toBe(403);
    // a number that is none is a waybill not found, as on the waybill's other calls
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/air_waybills/not-a-number/fwb")).statusCode).toBe(404);
  });
});

describe("who sees and sends what", () => {
  it("another airline gets nothing: not the message, not the waybill, not in its list", async () => {
    const awb = await f.waybill({});
    const id = (await sendFwb(awb.mawb, { addresses: ["tenant.desk@s7.example"] })).json().data[0].id;
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/outgoing_messages/${id}`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "POST", `/api/v3/outgoing_messages/${id}/resend`)).statusCode).toBe(404);
    expect((await c6(accounts.c6Manager, "POST", `/api/v3/air_waybills/${awb.mawb}/send_fwb`, { addresses: ["x@c6.example"] })).statusCode).toBe(404);
    const theirs = (await c6(accounts.c6Manager, "GET", "/api/v3/outgoing_messages?per_page=100")).json();
    expect(theirs.data.some((m: { id: number }) => m.id === id)).toBe(false);
    const ours = (await s7(accounts.s7Manager, "GET", `/api/v3/outgoing_messages?mawb=${awb.mawb}&message_type=FWB&channel_type=email`)).json();
    expect(ours.data.map((m: { id: number }) => m.id)).toEqual([id]);
    const onWaybill = (await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${awb.mawb}/outgoing_messages`)).json();
    expect(onWaybill.data.map((m: { id: number }) => m.id)).toEqual([id]);
    // a forwarder may read its waybill, but not the airline's telegrams, nor send them
    expect((await call403(`/api/v3/air_waybills/${awb.mawb}/send_fwb`)).statusCode).toBe(403);
    // platform sees every airline's
    const all = (await callsOn(t)(accounts.platform, "GET", `/api/v3/outgoing_messages?mawb=${awb.mawb}`)).json();
    expect(all.data.map((m: { id: number }) => m.id)).toEqual([id]);
  });

  it("keeps list filters within bounds", async () => {
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/outgoing_messages?status=lost")).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/outgoing_messages?page=1000&per_page=100")).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/outgoing_messages?date_from=2026-13-40")).statusCode).toBe(422);
    const day = t.clock().toISOString().slice(0, 10);
    const today = (await s7(accounts.s7Manager, "GET", `/api/v3/outgoing_messages?date_from=${day}&date_to=${day}&status=sent`)).json();
    expect(today.data.length).toBeGreaterThan(0);
    expect(today.data.every((m: { status: string }) => m.status === "sent")).toBe(true);
  });

  it("lets platform staff send a raw Type-B text to SITA addresses, and nobody else", async () => {
    const platform = callsOn(t);
    const text = `FSU/14\r\n421-00000000OVBDME/T1K1.0\r\nRCS/${formatIataDate(t.clock().toISOString().slice(0, 10)).slice(0, 5)}1200/OVB/T1K1.0`;
    const res = await platform(accounts.platform, "POST", "/api/v3/sita_messages", { sita_message: { text, addresses: ["OVBFMS7"], carrier: "S7" } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ channel_type: "sita", event_identifier: "sita_message", message_type: "FSU", to: ["OVBFMS7"] });
    expect(res.json().body).toMatch(/^QK OVBFMS7\r\n\.HDQFMS7 /);
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/sita_messages", { text, addresses: ["OVBFMS7"] })).statusCode).toBe(403);
    const notSita = await platform(accounts.platform, "POST", "/api/v3/sita_messages", { text, addresses: ["ops@s7.example"] });
    expect(notSita.json().error_codes.addresses[0].code).toBe("sita_address_only");
    const huge = await platform(accounts.platform, "POST", "/api/v3/sita_messages", { text: "A".repeat(10_001), addresses: ["OVBFMS7"] });
    expect([413, 422]).toContain(huge.statusCode);
    const listed = (await platform(accounts.platform, "GET", "/api/v3/sita_messages")).json();
    expect(listed.data.some((m: { id: number }) => m.id === res.json().id)).toBe(true);
  });
});

describe("messages on the settings' events", () => {
  it("an FSU goes out when a movement is recorded at a station whose setting asks for it", async () => {
    const [row] = await t.database.db
      .insert(messageSettings)
      .values({ carrier: "S7", station: "DME", message_type: "FSU", source_type: "movement_added", message_format: "cimp", message_to: ["status.watch@s7.example"], active: true })
      .returning();
    const awb = await f.waybill({ origin: "DME", destination: "OVB", pieces: 2, weight: 100, issued_at: t.clock() });
    // received two hours ago on DME's clock (UTC+3): a fixed 15:10 was still to come before noon UTC
    const local = new Date(t.clock().getTime() - 2 * 3_600_000 + 3 * 3_600_000).toISOString();
    const day = formatIataDate(local.slice(0, 10)).slice(0, 5);
    const time = local.slice(11, 16).replace(":", "");
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/cimp_telegrams", { cimp_text: `FSU/14\r\n${awb.mawb}DMEOVB/T2K100.0\r\nRCS/${day}${time}/DME/T2K100.0\r\n` });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.drain();
    const sent = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.message_setting_id, row!.id));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event_identifier: "movement_added", message_type: "FSU", mawb: awb.mawb, channel_type: "email", status: "sent" });
    expect(parseTelegram(sent[0]!.body).message).toMatchObject({ mawb: awb.mawb, movements: [{ status_code: "RCS", location_iata: "DME", pieces: 2 }] });
    expect(mails.some((m) => m.to.includes("status.watch@s7.example") && m.raw.includes(awb.mawb))).toBe(true);
    // a message about a flight is listed on its segment, for its airline only
    const flight = await f.flight({ origin: "DME", destination: "OVB" });
    await t.database.db.update(outgoingMessages).set({ segment_id: flight.id }).where(eq(outgoingMessages.id, sent[0]!.id));
    const onFlight = (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${flight.id}/outgoing_messages`)).json();
    expect(onFlight.data.map((m: { id: number }) => m.id)).toEqual([sent[0]!.id]);
    expect((await c6(accounts.c6Manager, "GET", `/api/v3/segments/${flight.id}/outgoing_messages`)).statusCode).toBe(404);
    // a station the setting does not name sends nothing
    await t.database.db.update(messageSettings).set({ active: false }).where(eq(messageSettings.id, row!.id));
  });

  it("an FWB goes out when the waybill changes, in the change's transaction", async () => {
    const s = await setting({ source_type: "awb_changed", message_to: ["changes.watch@s7.example"] });
    const awb = await f.waybill({});
    const res = await s7(accounts.s7Manager, "PATCH", `/api/v3/air_waybills/${awb.mawb}`, { air_waybill: { handling_information: "KEEP DRY" }, accept_warnings: true });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(outgoingMessages).where(eq(outgoingMessages.message_setting_id, s.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_identifier: "awb_changed", mawb: awb.mawb, status: "queued" });
    expect(rows[0]!.body).toContain("SSR/KEEP DRY");
    await dropSetting(s.id);
  });
});

function call403(url: string) {
  return callsOn(t, "s7")(accounts.forwarderOnS7, "POST", url, { addresses: ["x@s7.example"] });
}
