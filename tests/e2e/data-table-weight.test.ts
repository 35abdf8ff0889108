import { describe, expect, it } from "vitest";
import { listJsWeight, MAX_RATIO } from "../bench/list-js-weight";

/**
 * A list page's first-load JS (gzipped, read from the build manifest the global setup's build wrote; no timing)
 * stays within MAX_RATIO of a bare Remix + Mantine page built now from the same node_modules (issue 9 §2):
 * mantine-react-table must load after the page, not with it.
 */
describe("list page JS weight", () => {
  it(`the flights list's first-load JS is at most ${MAX_RATIO}× a bare Remix + Mantine page`, () => {
    const { list, bare, ratio } = listJsWeight();
    expect(bare.gzip).toBeGreaterThan(50_000); // the bare build really holds React, Remix and Mantine
    expect(ratio, `list ${list.gzip} B vs bare ${bare.gzip} B gzipped`).toBeLessThanOrEqual(MAX_RATIO);
  }, 180_000);
});
