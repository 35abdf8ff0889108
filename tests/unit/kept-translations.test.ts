import { describe, expect, it, vi } from "vitest";
import { createRenderI18n } from "~/lib/i18n/i18n.server";

/**
 * Issue 25: a render's plain `t("key")` is answered from what an earlier render of the same language found
 * (app/lib/i18n/kept-translations.server.ts), and the namespaces it was read from still reach the page's translations
 * script. On the real translations, through the render's i18next as the pages use it (react-i18next's getFixedT).
 */
async function render(locale: string) {
  const { i18n, usedNamespaces } = await createRenderI18n(locale, ["common", "nav"]);
  const { translator } = i18n as unknown as { translator: { translate(...args: unknown[]): unknown } };
  const translate = vi.spyOn(translator, "translate");
  return { t: i18n.getFixedT(locale, ["common", "nav"]), usedNamespaces, translate };
}

describe("plain translations kept per language", () => {
  it("answers a plain key again without i18next, and reports the namespace it came from", async () => {
    const first = await render("en");
    expect(first.t("nav:sidebar.shipments")).toBe("Shipments");
    expect(first.usedNamespaces).toContain("nav");

    const second = await render("en");
    expect(second.t("nav:sidebar.shipments")).toBe("Shipments");
    expect(second.translate).not.toHaveBeenCalled(); // i18next's own translate, as every call was before
    expect(second.usedNamespaces).toEqual(new Set(["nav"]));
  });

  it("translates every call that interpolates, counts or gives a default, as i18next does", async () => {
    const { t, translate } = await render("en");
    expect(t("pagination.page", { page: 1, total: 3 })).toBe("Page 1 of 3");
    expect(t("pagination.page", { page: 2, total: 3 })).toBe("Page 2 of 3");
    expect(t("pagination.total", { count: 7 })).toBe("Records: 7");
    expect(t("no.such.key", "Fallback text")).toBe("Fallback text");
    expect(t("no.such.key", "Other text")).toBe("Other text");
    expect(translate).toHaveBeenCalledTimes(5);
  });

  it("keeps each language's answers apart", async () => {
    const en = await render("en");
    const ru = await render("ru");
    expect(en.t("nav:sidebar.shipments")).toBe("Shipments");
    expect(ru.t("nav:sidebar.shipments")).not.toBe("Shipments");
    expect((await render("en")).t("nav:sidebar.shipments")).toBe("Shipments");
  });
});
