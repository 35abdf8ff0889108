/**
 * The load run's figures (scripts/load/stats.ts, report.ts, page-goal.ts): nearest-rank percentiles, answers by class
 * with the BFF's "service unavailable" page apart from other 5xx, pages/s over the timed window only, the sign-in
 * steps apart from the pages, which figures fail a run, and issue 25's page goal as a printed figure.
 */
import { describe, expect, it } from "vitest";
import { parseOptions } from "../../scripts/load/options";
import { pageGoalOf } from "../../scripts/load/page-goal";
import { jsonReport, markdownReport, plainReport, verdictOf, type LoadResult } from "../../scripts/load/report";
import { percentile, Stats, type StepFigures } from "../../scripts/load/stats";
import { isSignInStep } from "../../scripts/load/virtual-user";

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

  it("keeps the sign-in steps out of the pages' figures, their p95 and their pages/s", () => {
    const s = stats();
    s.openWindow();
    s.record("sign in form", 100, 200, "");
    s.record("sign in", 9_000, 302, "");
    s.record("landing", 50, 302, "");
    s.record("landing (redirected)", 400, 200, "");
    for (let i = 1; i <= 20; i++) s.record("shipments list", i * 10, 200, "");
    s.closeWindow();
    const pages = (step: string) => !isSignInStep(step);
    expect(s.figures(pages).map((f) => f.step)).toEqual(["shipments list"]);
    expect(s.figures(isSignInStep).map((f) => f.step)).toEqual(["sign in form", "sign in", "landing", "landing (redirected)"]);
    const pageTotals = s.totals(10, pages);
    expect(pageTotals).toMatchObject({ count: 20, p95: 190, max: 200, pagesPerSecond: 2 });
    expect(s.totals(10, isSignInStep)).toMatchObject({ count: 4, max: 9_000 });
  });
});

/** A clean run's result, changed by `change`. */
const result = (change: (r: LoadResult) => void = () => {}): LoadResult => {
  const totals = { count: 10, p50: 1, p95: 1, p99: 1, max: 1, s2xx: 10, s3xx: 0, s4xx: 0, s5xx: 0, unavailable: 0, networkErrors: 0, seconds: 1, pagesPerSecond: 10, signedOut: 0 };
  const r: LoadResult = {
    date: "2030-01-01T00:00:00Z",
    options: parseOptions(["--users", "1", "--seconds", "1"]),
    roles: {},
    serviceToday: "2030-01-01",
    days: [],
    stock: null,
    cores: 2,
    steps: [],
    totals,
    signIns: { attempts: 1, signedIn: 1, failed: 0, timedOut: 0, cut: 0, p50: 1, p95: 1, max: 1, reasons: {}, neverSignedIn: 0, steps: [], totals: { ...totals } },
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

describe("the verdict", () => {
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

  it("fails on a 5xx or a sign-out met while signing in, as on a page, but not on sign-ins that failed and were tried again", () => {
    expect(verdictOf(result((r) => (r.signIns.totals.s5xx = 1))).reasons).toEqual(["1 5xx"]);
    expect(verdictOf(result((r) => (r.signIns.totals.signedOut = 1))).reasons).toEqual(["1 signed out"]);
    const retried = result((r) => {
      Object.assign(r.signIns, { attempts: 9, signedIn: 5, failed: 3, timedOut: 1, neverSignedIn: 1 });
      r.signIns.totals.unavailable = 3;
      r.signIns.totals.networkErrors = 1;
    });
    expect(verdictOf(retried).passed).toBe(true);
    retried.options.maxUnavailable = 3;
    expect(verdictOf(retried).reasons).toEqual(["4 unavailable or unanswered (at most 3 allowed)"]);
  });
});

describe("issue 25's page goal", () => {
  const step = (name: string, p95: number, networkErrors = 0): StepFigures => ({ step: name, count: 10, p50: p95 / 2, p95, p99: p95, max: p95, s2xx: 10, s3xx: 0, s4xx: 0, s5xx: 0, unavailable: 0, networkErrors });
  const named = ["shipments list", "waybill page", "flights list", "flight page", "create form", "create form (redirected)"];

  it("is met when every page step's p95 is at most 2 s, none went unanswered and every page it names was reached", () => {
    expect(pageGoalOf([...named.map((n) => step(n, 2_000)), step("booking search", 400)])).toEqual({ met: true, slow: [], unanswered: [], notMeasured: [] });
    const goal = pageGoalOf([...named.map((n) => step(n, n === "flights list" ? 2_001 : 300, n === "flight page" ? 2 : 0))]);
    expect(goal).toEqual({ met: false, slow: [{ step: "flights list", p95: 2_001 }], unanswered: [{ step: "flight page", count: 2 }], notMeasured: [] });
    expect(pageGoalOf(named.filter((n) => n !== "flight page").map((n) => step(n, 300)))).toMatchObject({ met: false, notMeasured: ["flight page"] });
  });

  it("is printed beside the pages' figures in every report, with each named page and the pages/s beside the cores, and fails no run", () => {
    const r = result((x) => {
      x.steps = [step("shipments list", 1_200), step("flights list", 3_400, 1)];
      x.totals.pagesPerSecond = 12.5;
      x.signIns.steps = [step("sign in", 9_000)];
    });
    const plain = plainReport(r);
    expect(plain).toContain("12.5 pages/s on 2 cores (6.3 a core)");
    expect(plain).toContain("goal p95 ≤ 2 s for every page step, none unanswered: not met (a figure, not the run's verdict): p95 over it: flights list 3.40 s; unanswered: flights list 1; not reached: waybill page, flight page, create form, create form (redirected)");
    for (const page of ["shipments list", "a waybill page", "flights list", "a flight page", "create air waybill page"]) expect(plain).toContain(page);
    expect(plain).toMatch(/^flights list +flights list +10 +1700 +3400 +1 +no$/m);
    expect(plain).toMatch(/^a flight page +flight page +0 +not reached$/m);
    // the sign-in's 9 s is in its own table under the sign-ins' line, not among the pages
    expect(plain).toMatch(/^all pages +10 +1\.0 +1\.0 /m);
    expect(plain).toMatch(/^sign-ins .*\n.*\nsign in +10 +4500 +9000 /m);
    expect(plain.trimEnd().endsWith("PASS")).toBe(true);
    expect(markdownReport(r)).toContain("| flights list | flights list | 10 | 1700 | 3400 | 1 | no |");
    expect(JSON.parse(jsonReport(r))).toMatchObject({ cores: 2, pageGoal: { met: false }, verdict: { passed: true }, signIns: { steps: [{ step: "sign in" }] } });
  });
});
