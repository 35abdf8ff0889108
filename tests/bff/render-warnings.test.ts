/**
 * Issue 9 §3 "a quiet start": rendering a page prints nothing. React Router warned "Matched leaf route at location
 * /dashboard/settings does not have an element" on every 404 of the settings section's index (a route with a loader
 * and an error boundary but no component), here for a user with no settings page.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBff } from "./harness";

const bff = useBff();
afterEach(() => vi.restoreAllMocks());

/** What the server printed through console.warn and console.error while `run` ran. */
async function printedWhile(run: () => Promise<unknown>): Promise<string[]> {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  await run();
  return printed;
}

describe("the settings section's index", () => {
  it("answers the not-found page to a user without settings pages, and prints no warning", async () => {
    const browser = bff.browser();
    await browser.signIn("s7.localhost", "s7.inspector@cargodesk.test");
    let status = 0;
    let body = "";
    const printed = await printedWhile(async () => {
      ({ status, body } = await browser.get("s7.localhost", "/dashboard/settings"));
    });
    expect(status).toBe(404);
    expect(body).toContain('data-testid="not-found"');
    expect(printed).toEqual([]);
  });

  it("still redirects a user with settings pages to the first of them", async () => {
    const browser = bff.browser();
    await browser.signIn("s7.localhost", "s7.manager@cargodesk.test");
    const page = await browser.get("s7.localhost", "/dashboard/settings");
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/dashboard\/settings\/[\w-]+/);
  });
});
