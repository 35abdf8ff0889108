import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadUrls, LIST_PAGE, listJsWeight, REGRESSION_RATIO } from "../bench/list-js-weight";

/**
 * What a list page's first load fetches (read from the build manifest the global setup's build wrote; sizes, no
 * timing): the heavy parts that wait until the page is usable must not slip into it, and the whole stays within
 * issue 9 §2's budget beside a bare Remix + Mantine page. Mantine's menus and popovers are mantine-react-table's
 * (and the date picker's): they reach a first load only when some module of the page imports Mantine's barrel
 * instead of `~/lib/mantine/<Name>` (see scripts/mantine-modules.ts).
 */
describe("list page JS weight", () => {
  const publicDir = path.resolve("public");
  const firstLoad = () => [...firstLoadUrls(publicDir, LIST_PAGE.routeId)].map((url) => ({ url, text: fs.readFileSync(path.join(publicDir, url), "utf8") }));
  const holding = (marker: string) =>
    firstLoad()
      .filter((file) => file.text.includes(marker))
      .map((file) => file.url);

  it("the flights list's first load carries neither mantine-react-table, nor zod, nor the date picker or the chart", () => {
    expect(firstLoad().length).toBeGreaterThan(5);
    expect(holding("mrt-row-select"), "mantine-react-table loads after the page").toEqual([]);
    expect(holding("ZodType"), "zod: the list's URL is read in the browser without it").toEqual([]);
    expect(holding("data-dates-dropdown"), "@mantine/dates loads with a date field's first focus").toEqual([]);
    expect(holding("recharts"), "the load-factor chart is the flight page's, lazily").toEqual([]);
    expect(holding('"@mantine/core/Menu"'), "Mantine's Menu: mantine-react-table's, lazily").toEqual([]);
    expect(holding('"@mantine/core/Popover"'), "Mantine's Popover: the menus' and the date picker's, lazily").toEqual([]);
    // the markers are real: each stands in the chunk that is meant to hold it
    const chunks = fs.readdirSync(path.join(publicDir, "build", "_shared")).map((name) => fs.readFileSync(path.join(publicDir, "build", "_shared", name), "utf8"));
    for (const marker of ["mrt-row-select", "ZodType", "data-dates-dropdown", "recharts", '"@mantine/core/Menu"', '"@mantine/core/Popover"'])
      expect(chunks.some((text) => text.includes(marker)), marker).toBe(true);
  });

  // issue 9 §2's goal is 1.2× (MAX_RATIO, not met: see REGRESSION_RATIO); this holds the list page where it is
  it(`weighs at most ${REGRESSION_RATIO}× a real production build of a bare Remix + Mantine page`, () => {
    const { list, bare, ratio } = listJsWeight();
    expect(bare.gzip).toBeGreaterThan(80_000); // React, Remix and Mantine
    expect(bare.gzip).toBeLessThan(130_000); // React's production build once, not its development one or two copies
    expect(ratio).toBeGreaterThan(1);
    expect(ratio, `flights list ${list.gzip} B gzipped, bare page ${bare.gzip} B`).toBeLessThanOrEqual(REGRESSION_RATIO);
  }, 180_000);
});
