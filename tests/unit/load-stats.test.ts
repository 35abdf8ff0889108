/**
 * The load run's figures (scripts/load/stats.ts, report.ts): nearest-rank percentiles, answers by class with the
 * BFF's "service unavailable" page apart from other 5xx, pages/s over the timed window only, and which figures fail
 * a run.
 */
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../scripts/load/options";
import { verdictOf, type LoadResult } from "../../scripts/load/report";
import { percentile, Stats } from "../../scripts/load/stats";

describe("percentile", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it("is the nearest rank: the smallest value with at least p % of the values at or below it", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30], 50)).toBe(20);
    // one slow request in ten is the p95 and p99, never hidden by averaging
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 900], 95)).toBe(900);
  });

  it("answers 0 for no values and the value itself for one", () => {
    expect(percentile([], 99)).toBe(0);
    expect(percentile([42], 1)).toBe(42);
  });
});

describe("Stats", () => {
  const NOTICE = "The service is unavailable at the moment. Try again in a few minutes.";
  const stats = () => new Stats((body) => body.includes(NOTICE));

  it("counts answers per step by class; a 503 that is the BFF's notice is apart, every other 5xx is a defect", () => {
    const s = stats();
    s.record("page", 10, 200, "");
    s.record("page", 30, 302, "");
    s.record("page", 20, 422, "");
    s.record("page", 40, 503, `<p>${NOTICE}</p>`);
    s.record("page", 50, 503, "Service Unavailable");
    s.record("page", 60, 500, "");
    s.networkError("page", 30_000, new Error("timeout"));
    const [page] = s.figures();
    expect(page).toMatchObject({ step: "page", count: 7, s2xx: 1, s3xx: 1, s4xx: 1, s5xx: 2, unavailable: 1, networkErrors: 1, p50: 40, max: 30_000 });
  });

  it("gives pages/s over the timed window only, and the totals over every step", () => {
    const s = stats();
    s.record("sign in", 500, 302, "");
    s.openWindow();
    for (let i = 0; i < 20; i++) s.record(i % 2 ? "a" : "b", i, 200, "");
    s.closeWindow();
    s.signedOut("a");
    const totals = s.totals(10);
    expect(totals.count).toBe(21);
    expect(totals.pagesPerSecond).toBe(2);
    expect(totals.signedOut).toBe(1);
    expect(s.figures().map((f) => f.step)).toEqual(["sign in", "b", "a"]);
  });
});

describe("the verdict", () => {
  const result = (change: (r: LoadResult) => void = () => {}): LoadResult => {
    const totals = { count: 10, p50: 1, p95: 1, p99: 1, max: 1, s2xx: 10, s3xx: 0, s4xx: 0, s5xx: 0, unavailable: 0, networkErrors: 0, seconds: 1, pagesPerSecond: 10, signedOut: 0 };
    const r: LoadResult = {
      date: "2030-01-01T00:00:00Z",
      options: parseOptions(["--users", "1", "--seconds", "1"]),
      roles: {},
      serviceToday: "2030-01-01",
      days: [],
      stock: null,
      steps: [],
      totals,
      journeys: [],
      unexpectedAnswers: 0,
      examples: [],
      reconciliation: null,
      submissions: { doubleClicks: 0, split: [], repeatedNumbers: 0 },
      aborted: null,
    };
    change(r);
    return r;
  };

  it("passes a clean run and fails on a 5xx, a sign-out, a split double click or unavailability beyond --max-unavailable", () => {
    expect(verdictOf(result())).toEqual({ passed: true, reasons: [] });
    expect(verdictOf(result((r) => (r.totals.s5xx = 1))).reasons).toEqual(["1 5xx"]);
    expect(verdictOf(result((r) => (r.totals.signedOut = 2))).reasons).toEqual(["2 signed out"]);
    expect(verdictOf(result((r) => r.submissions.split.push("a and b"))).reasons).toEqual(["1 duplicated"]);
    const unavailable = (allowed: number | undefined) =>
      verdictOf(
        result((r) => {
          r.totals.unavailable = 2;
          r.totals.networkErrors = 1;
          r.options.maxUnavailable = allowed;
        }),
      );
    expect(unavailable(0).reasons).toEqual(["3 unavailable or unanswered (at most 0 allowed)"]);
    expect(unavailable(3).passed).toBe(true);
    // counted and shown, failing nothing, unless the run asks for a bound
    expect(unavailable(undefined).passed).toBe(true);
  });
});
