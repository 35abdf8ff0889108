/**
 * A page sends the browser the translations it renders with, not all of them: the shell's namespaces, its routes'
 * own and those its render read, in its language and English (the fallback). Every page used to carry all 35
 * namespaces, because the route namespaces were read from every module of the build instead of the matched routes.
 */
import { describe, expect, it } from "vitest";
import { useBff } from "./harness";

const bff = useBff();

function pageTranslations(html: string): Record<string, Record<string, unknown>> {
  const json = /<script id="page-i18n" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, "the page's translations element").toBeDefined();
  return JSON.parse(json!) as Record<string, Record<string, unknown>>;
}

describe("a page's translations", () => {
  it("the customers list carries the shell's and its own namespaces, in English only", async () => {
    const manager = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test");
    const answer = await manager.request("s7.localhost", "/dashboard/settings/airline-customers");
    expect(answer.status).toBe(200);
    const sent = pageTranslations(answer.body);
    expect(Object.keys(sent)).toEqual(["en"]);
    expect(Object.keys(sent.en!).sort()).toEqual(["common", "customers", "errors", "nav"]);
  });

  it("a Russian flights list carries Russian and English of the same few namespaces", async () => {
    const ru = await bff.signedIn("s7.localhost", "s7.manager@cargodesk.test", { locale: "ru" });
    const answer = await ru.request("s7.localhost", "/dashboard/flights/tabs/all");
    expect(answer.status).toBe(200);
    const sent = pageTranslations(answer.body);
    expect(Object.keys(sent).sort()).toEqual(["en", "ru"]);
    expect(Object.keys(sent.ru!)).toContain("flights");
    expect(Object.keys(sent.ru!).sort()).toEqual(Object.keys(sent.en!).sort());
    for (const other of ["awb", "flight-page", "handling", "agreements"]) expect(Object.keys(sent.ru!), other).not.toContain(other);
  });
});
