/**
 * Dates and times in the server's HTML, the form a browser without JavaScript submits (issue 9 §1.8, §2):
 * dates are native `<input type="date">` (ISO whatever the browser shows), times are 24-hour text (`HH:mm`
 * hinted in the user's language) and never `<input type="time">`, whose face follows a 12-hour browser
 * locale. A time the server cannot read is named beside its field with every typed value kept.
 */
import { describe, expect, it } from "vitest";
import { configuredNow, fieldErrorOf, hiddenInput, inLanguage, useBff, type Answer, type Browser } from "./harness";

const bff = useBff();
const S7 = "s7.localhost";
const CREATE = "/dashboard/flights/create";

const signedIn = (email: string) => bff.signedIn(S7, `${email}@cargodesk.test`);

const dayAhead = (days: number) => new Date(configuredNow().getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** The attributes of the (first) input posted as `name`. */
function inputOf(html: string, name: string): Record<string, string> | undefined {
  const tag = (html.match(/<input\b[^>]*>/g) ?? []).find((t) => t.includes(` name="${name}"`));
  if (!tag) return undefined;
  // attribute names as HTML reads them (React writes `inputMode`)
  return Object.fromEntries([...tag.matchAll(/\s([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

async function page(browser: Browser, path: string): Promise<string> {
  const answer = await browser.request(S7, path);
  expect(answer.status, `GET ${path}`).toBe(200);
  return answer.body;
}

describe("server HTML: native dates, 24-hour text times", () => {
  it("the Single flight form: the date is a native date input, STD and STA are HH:mm text", async () => {
    const html = await page(await signedIn("s7.manager"), CREATE);
    expect(inputOf(html, "flight_date")).toMatchObject({ type: "date" });
    for (const name of ["std", "sta"]) {
      expect(inputOf(html, name), name).toMatchObject({ type: "text", inputmode: "numeric", placeholder: "HH:MM" });
    }
    expect(html).not.toMatch(/<input\b[^>]*type="time"/);
  });

  it("the Regular form: the period is two native dates, each line's times are HH:mm text", async () => {
    const html = await page(await signedIn("s7.manager"), `${CREATE}?mode=regular`);
    expect(inputOf(html, "period_from")).toMatchObject({ type: "date" });
    expect(inputOf(html, "period_to")).toMatchObject({ type: "date" });
    expect(inputOf(html, "lines[0].departure_time")).toMatchObject({ type: "text", placeholder: "HH:MM" });
    expect(inputOf(html, "lines[0].arrival_time")).toMatchObject({ type: "text", placeholder: "HH:MM" });
    expect(html).not.toMatch(/<input\b[^>]*type="time"/);
  });

  it("in Russian the time hint reads ЧЧ:ММ", async () => {
    const browser = await signedIn("s7.manager");
    await inLanguage(browser, S7, "ru", async () => {
      expect(inputOf(await page(browser, CREATE), "std")).toMatchObject({ placeholder: "ЧЧ:ММ" });
    });
  });

  it("the flights list's date filters are native date inputs holding the URL's dates", async () => {
    const [from, to] = [dayAhead(3), dayAhead(9)];
    const html = await page(await signedIn("s7.manager"), `/dashboard/flights/tabs/all?date_from=${from}&date_to=${to}`);
    expect(inputOf(html, "date_from")).toMatchObject({ type: "date", value: from });
    expect(inputOf(html, "date_to")).toMatchObject({ type: "date", value: to });
  });
});

describe("a POST without JavaScript", () => {
  async function postSingle(browser: Browser, fields: Record<string, string>): Promise<Answer> {
    const form = await page(browser, CREATE);
    return browser.request(S7, CREATE, { method: "POST", form: { csrf: hiddenInput(form, "csrf")!, mode: "single", time_mode: "local", ...fields } });
  }

  it("a 12-hour time is refused beside its field, and the typed date and times stay in the form", async () => {
    const browser = await signedIn("s7.manager");
    const date = dayAhead(33);
    const answer = await postSingle(browser, { number: "S7 6999", flight_date: date, origin_iata: "OVB", destination_iata: "KJA", std: "9:30 PM", sta: "23:40" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(answer.body, "std")).toBe("A time on the 24-hour clock, like 21:30");
    expect(inputOf(answer.body, "std")).toMatchObject({ type: "text", value: "9:30 PM" });
    expect(inputOf(answer.body, "sta")).toMatchObject({ value: "23:40" });
    expect(inputOf(answer.body, "flight_date")).toMatchObject({ type: "date", value: date });
  });
});
