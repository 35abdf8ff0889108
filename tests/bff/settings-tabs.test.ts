/**
 * The settings section's tabs on a forwarder host (issue 9 §1.5): a forwarder read "Agreements | Agreements |
 * Parties | Parties", the generic pages beside their agent twins. Now one tab per page, the agent page on the
 * forwarder host (spec 1 §6 "Settings: agent pages"); the generic pages stay reachable by URL, as their rows allow.
 */
import { describe, expect, it } from "vitest";
import { linksOf, settingsSection, useBff, type Browser } from "./harness";

const bff = useBff();

async function signedIn(host: string, email: string): Promise<Browser> {
  const browser = bff.browser();
  await browser.signIn(host, `${email}@cargodesk.test`);
  return browser;
}

/** The settings tab row's link targets: the links inside `data-testid="settings-nav"`, before the page's own content. */
function settingsTabsOf(html: string): string[] {
  const start = html.indexOf('data-testid="settings-nav"');
  expect(start, "the settings tab row").toBeGreaterThan(-1);
  const fromRow = html.slice(start);
  // the page's own content starts with its heading
  return linksOf(fromRow.slice(0, fromRow.search(/<h[1-6]\b/))).filter((href) => href.startsWith("/dashboard/settings/"));
}

describe("settings tabs: one tab per page (issue 9 §1.5)", () => {
  it("a forwarder on cargo.localhost gets the agent pages once each, and lands on the first", async () => {
    const { location, page } = await settingsSection(await signedIn("cargo.localhost", "forwarder"), "cargo.localhost");
    expect(location).toBe("/dashboard/settings/agent/agreements");
    const tabs = settingsTabsOf(page.body);
    expect(tabs).toEqual(["/dashboard/settings/agent/agreements", "/dashboard/settings/agent/stocks", "/dashboard/settings/agent/parties"]);
  });

  it("the generic pages stay reachable by URL, with the same one-per-page tab row", async () => {
    const fwd = await signedIn("cargo.localhost", "forwarder");
    for (const path of ["/dashboard/settings/agreements", "/dashboard/settings/parties"]) {
      const page = await fwd.request("cargo.localhost", path);
      expect(page.status, path).toBe(200);
      expect(settingsTabsOf(page.body), path).toEqual(["/dashboard/settings/agent/agreements", "/dashboard/settings/agent/stocks", "/dashboard/settings/agent/parties"]);
    }
  });

  it("off a forwarder host the forwarder keeps the generic pages", async () => {
    const fwd = await signedIn("localhost", "forwarder");
    const page = await fwd.request("localhost", "/dashboard/settings/agreements");
    expect(page.status).toBe(200);
    expect(settingsTabsOf(page.body)).toEqual(["/dashboard/settings/agreements", "/dashboard/settings/parties"]);
  });
});
