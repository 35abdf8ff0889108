/**
 * Issue 9 §1.7: a flight over capacity (the demo's S7 0103, "Action required") showed a green OPEN badge and
 * "Available −200 kg" in plain text. Its header now says it needs attention, with the API's reasons, in a warning
 * colour, and negative availability is red on the Summary and the Load factor tab, in English and Russian.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn as apiSignIn } from "../api/helpers";
import { hiddenInput, textOf, useBff, type Browser } from "./harness";

const bff = useBff();
let browser: Browser;
/** The S7 flight the API reports over capacity, found by what it is (its attention reasons), not by date. */
let overCapacityId: number;
const S7 = "s7.localhost";

beforeAll(async () => {
  const tokens = await apiSignIn(bff.api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
  const list = (await call(bff.api.app, tokens, "GET", "/api/v3/segments?state=action_required&per_page=100", { carrier: "s7" })).json();
  const over = (list.data as Array<{ id: number; attention: string[] }>).find((s) => s.attention.includes("over_capacity"));
  if (!over) throw new Error("the demo has no S7 flight over capacity");
  overCapacityId = over.id;
  browser = bff.browser();
  await browser.signIn(S7, "s7.manager@cargodesk.test");
}, 180_000);

/** The opening tag and text of the element with this data-testid (its first child level is enough here). */
function element(html: string, testId: string): { tag: string; text: string } | undefined {
  const m = html.match(new RegExp(`(<[a-z]+\\b[^>]*data-testid="${testId}"[^>]*>)([\\s\\S]*?)</`));
  return m ? { tag: m[1]!, text: textOf(m[2]!) } : undefined;
}

const isRed = (tag: string) => /color:\s*var\(--mantine-color-red-/.test(tag);

describe("a flight over capacity", () => {
  it("says in its header that it needs attention and why, in a warning colour, and is not 'Open'", async () => {
    const page = await browser.request(S7, `/dashboard/flights/${overCapacityId}`);
    expect(page.status).toBe(200);
    expect(element(page.body, "badge-attention")?.text).toBe("Action required");
    expect(element(page.body, "attention-over_capacity")?.text).toBe("Over capacity");
    expect(page.body).toMatch(/data-testid="badge-attention"[^>]*--badge-bg:var\(--mantine-color-orange-filled\)|--badge-bg:var\(--mantine-color-orange-filled\)[^>]*data-testid="badge-attention"/);
    expect(page.body).not.toContain('data-testid="badge-open"');
    // the summary's reasons are words, not the API's code
    expect(element(page.body, "summary-attention")?.text).toBe("Over capacity");
  });

  it("shows its negative availability in red on the Summary and the Load factor tab", async () => {
    const summary = await browser.request(S7, `/dashboard/flights/${overCapacityId}`);
    const available = element(summary.body, "summary-available");
    expect(available?.text).toMatch(/^[−-]\d/);
    expect(isRed(available!.tag)).toBe(true);

    const tab = await browser.request(S7, `/dashboard/flights/${overCapacityId}?tab=loadfactor`);
    const row = tab.body.match(/<tr[^>]*data-testid="capacity-available"[^>]*>([\s\S]*?)<\/tr>/)?.[1] ?? "";
    const weightCell = row.match(/(<td\b[^>]*>)([\s\S]*?)<\/td>/);
    expect(textOf(weightCell?.[2] ?? "")).toMatch(/^[−-]\d/);
    expect(isRed(weightCell![1]!)).toBe(true);
    // a figure that is not negative keeps the text colour
    const maxRow = tab.body.match(/<tr[^>]*data-testid="capacity-max"[^>]*>([\s\S]*?)<\/tr>/)?.[1] ?? "";
    expect(isRed(maxRow)).toBe(false);
  });

  it("says so in Russian too (S7 offers English and Russian)", async () => {
    const other = bff.browser();
    const { landing } = await other.signIn(S7, "s7.manager@cargodesk.test");
    const csrf = hiddenInput(landing.body, "csrf")!;
    await other.request(S7, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "locale", value: "ru", redirectTo: "/dashboard" } });
    const page = await other.request(S7, `/dashboard/flights/${overCapacityId}`);
    expect(element(page.body, "badge-attention")?.text).toBe("Требуется действие");
    expect(element(page.body, "attention-over_capacity")?.text).toBe("Превышена вместимость");
    expect(element(page.body, "summary-attention")?.text).toBe("Превышена вместимость");
  });
});
