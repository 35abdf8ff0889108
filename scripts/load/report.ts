/**
 * The run's result three ways: a table on stdout, the same as Markdown for a file the README can link (with the date,
 * users, seconds and target), and JSON for machines. The pages and the sign-ins are separate figures (a sign-in waits
 * for a slow password hash; a page should not). Also the verdict: which figures fail the run; and issue 25's page
 * goal, which is printed, never a failure.
 */
import type { JourneyFigures } from "./journey-tally";
import type { LoadOptions } from "./options";
import { NAMED_PAGES, PAGE_P95_GOAL_MS, pageGoalOf, type PageGoal } from "./page-goal";
import { reconciliationFailures, type Reconciliation } from "./reconciliation";
import type { SignInFigures } from "./sign-ins";
import type { StepFigures, Totals } from "./stats";
import type { StockSupply } from "./stock-supply";

export interface LoadResult {
  date: string;
  options: LoadOptions;
  roles: Record<string, number>;
  /** The service's day the plan booked from. */
  serviceToday: string;
  /** The days the run booked on. */
  days: string[];
  stock: StockSupply | null;
  /** os.cpus().length of the machine the run was on: pages/s means little without it. */
  cores: number;
  /** The journeys' page steps (sign-in steps apart). */
  steps: StepFigures[];
  /** The page steps together; pages/s over the run's clock. */
  totals: Totals;
  /** Each sign-in attempt whole, how many users never got in, and the sign-in steps' requests. */
  signIns: SignInFigures & { neverSignedIn: number; steps: StepFigures[]; totals: Totals };
  journeys: JourneyFigures[];
  /** Answers a journey did not expect that were not 5xx (a refused form, a missing page): defects of one side or the other. */
  unexpectedAnswers: number;
  examples: Array<{ step: string; what: string }>;
  reconciliation: Reconciliation | null;
  /** Double-clicked saves; those that made two waybills; creates answered with a number told before. */
  submissions: { doubleClicks: number; split: string[]; repeatedNumbers: number };
  /** Set when the run stopped early because a page did not look as a journey expects. */
  aborted: string | null;
}

export interface Verdict {
  passed: boolean;
  reasons: string[];
}

/** A request of a sign-in fails the run as a page's would (a 5xx, a session lost); a failed sign-in alone does not. */
export function verdictOf(r: LoadResult): Verdict {
  const reasons: string[] = [];
  const both = (key: "s5xx" | "signedOut" | "unavailable" | "networkErrors") => r.totals[key] + r.signIns.totals[key];
  if (r.aborted) reasons.push(`aborted: ${r.aborted}`);
  if (both("s5xx")) reasons.push(`${both("s5xx")} 5xx`);
  if (both("signedOut")) reasons.push(`${both("signedOut")} signed out`);
  const unavailable = both("unavailable") + both("networkErrors");
  const allowed = r.options.maxUnavailable;
  if (allowed !== undefined && unavailable > allowed) reasons.push(`${unavailable} unavailable or unanswered (at most ${allowed} allowed)`);
  if (r.unexpectedAnswers) reasons.push(`${r.unexpectedAnswers} unexpected answers`);
  const told = r.submissions.split.length + r.submissions.repeatedNumbers;
  const f = r.reconciliation ? reconciliationFailures(r.reconciliation) : { lost: 0, duplicated: 0, overBooked: 0 };
  if (f.lost) reasons.push(`${f.lost} lost`);
  if (f.duplicated + told) reasons.push(`${f.duplicated + told} duplicated`);
  if (f.overBooked) reasons.push(`${f.overBooked} over-booked`);
  return { passed: reasons.length === 0, reasons };
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

const STEP_HEAD = ["step", "count", "p50 ms", "p95 ms", "p99 ms", "2xx", "3xx", "4xx", "5xx", "503 notice", "no answer"];
const stepCells = (s: StepFigures | (Totals & { step: string })) => [s.step, String(s.count), ms(s.p50), ms(s.p95), ms(s.p99), String(s.s2xx), String(s.s3xx), String(s.s4xx), String(s.s5xx), String(s.unavailable), String(s.networkErrors)];

const JOURNEY_HEAD = ["journey", "started", "completed", "idle", "refused", "failed", "cut by the end", "why (idle, refused, failed)"];
const journeyCells = (j: JourneyFigures) => [
  j.journey,
  String(j.started),
  String(j.completed),
  String(j.idle),
  String(j.refused),
  String(j.failed),
  String(j.started - j.completed - j.idle - j.refused - j.failed),
  Object.entries(j.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([why, n]) => `${why} ×${n}`)
    .join("; "),
];

function reconciliationLines(r: Reconciliation | null): string[] {
  if (!r) return ["not reconciled: no --database-url (or DATABASE_URL) given"];
  const f = reconciliationFailures(r);
  const list = (items: string[]) => (items.length ? `: ${items.slice(0, 10).join(", ")}${items.length > 10 ? ", ..." : ""}` : "");
  return [
    `lost ${f.lost}, duplicated ${f.duplicated}, over-booked ${f.overBooked}`,
    `waybills told ${r.waybillsTold}: lost ${r.waybillsLost.length}${list(r.waybillsLost)}, duplicated ${r.waybillsDuplicated.length}${list(r.waybillsDuplicated)}`,
    `numbers held by two waybills ${r.numbersDuplicated.length}${list(r.numbersDuplicated)}; stock numbers to two waybills ${r.stockNumbersDuplicated.length}${list(r.stockNumbersDuplicated)}; stock numbers used without a waybill ${r.stockNumbersOrphaned.length}${list(r.stockNumbersOrphaned)}`,
    `bookings told ${r.bookingsTold}: lost ${r.bookingsLost.length}${list(r.bookingsLost)}, duplicated ${r.bookingsDuplicated.length}${list(r.bookingsDuplicated)}`,
    `KK answers told ${r.answersTold}: not KK in the database ${r.answersLost.length}${list(r.answersLost)}`,
    `flights booked ${r.segmentsChecked}: over capacity plus overflow ${r.overBooked.length}${list(r.overBooked)}; booked figures drifting from their KK bookings ${r.bookedDrift.length}${list(r.bookedDrift)}`,
  ];
}

function headline(r: LoadResult): string {
  const roles = Object.entries(r.roles)
    .map(([role, n]) => `${n} ${role}`)
    .join(", ");
  const arriving = r.options.rampSeconds ? `arriving over the first ${r.options.rampSeconds} s` : "all arriving at once";
  return `${r.options.users} users (${roles}) for ${r.options.seconds} s, ${arriving}, against ${r.options.base.origin}, ${r.date}; service day ${r.serviceToday}, booking on ${r.days.join(", ")}; seed ${r.options.seed}`;
}

function stockLine(s: StockSupply | null): string {
  if (!s) return "stock: not prepared (no forwarder in the run)";
  return `stock: FWDONE held ${s.freeBefore} free S7 numbers${s.assigned ? `; assigned ${s.assigned} more${s.loaded ? ` (loaded 421 serials ${s.loaded} first)` : ""}` : ""}`;
}

const GOAL = `p95 ≤ ${PAGE_P95_GOAL_MS / 1000} s for every page step, none unanswered`;
const NAMED_HEAD = ["page", "step", "count", "p50 ms", "p95 ms", "no answer", `p95 ≤ ${PAGE_P95_GOAL_MS / 1000} s`];

/** One row per step of the pages issue 25 names, a step no journey reached included. */
function namedPageRows(r: LoadResult): string[][] {
  return NAMED_PAGES.flatMap(({ page, steps }) =>
    steps.map((step) => {
      const s = r.steps.find((f) => f.step === step);
      if (!s || s.count === 0) return [page, step, "0", "", "", "", "not reached"];
      return [page, step, String(s.count), ms(s.p50), ms(s.p95), String(s.networkErrors), s.p95 <= PAGE_P95_GOAL_MS ? "yes" : "no"];
    }),
  );
}

function goalLine(goal: PageGoal): string {
  if (goal.met) return `goal ${GOAL}: met`;
  const parts = [
    goal.slow.length ? `p95 over it: ${goal.slow.map((s) => `${s.step} ${(s.p95 / 1000).toFixed(2)} s`).join(", ")}` : "",
    goal.unanswered.length ? `unanswered: ${goal.unanswered.map((u) => `${u.step} ${u.count}`).join(", ")}` : "",
    goal.notMeasured.length ? `not reached: ${goal.notMeasured.join(", ")}` : "",
  ];
  return `goal ${GOAL}: not met (a figure, not the run's verdict): ${parts.filter(Boolean).join("; ")}`;
}

function signInLine(s: LoadResult["signIns"]): string {
  const why = Object.entries(s.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ×${n}`)
    .join("; ");
  return (
    `sign-ins (the form, the password, the landing page, each attempt whole): ${s.attempts} attempts, ${s.signedIn} signed in, ${s.failed} failed, ` +
    `${s.timedOut} timed out, ${s.cut} cut by the end; p50 ${ms(s.p50)} ms, p95 ${ms(s.p95)} ms, max ${ms(s.max)} ms; users never signed in ${s.neverSignedIn}` +
    (why ? `; why: ${why}` : "")
  );
}

/** Text columns read from the left; figures line up on the right. */
const TEXT_HEADS = new Set(["step", "journey", "page", "why (idle, refused, failed)", NAMED_HEAD.at(-1)!]);

function plainTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (TEXT_HEADS.has(head[i]!) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(head), ...rows.map(line)];
}

function markdownTable(head: string[], rows: string[][]): string[] {
  const escapeCell = (c: string) => c.replace(/\|/g, "\\|");
  return [`| ${head.join(" | ")} |`, `|${head.map((h) => (TEXT_HEADS.has(h) ? "---" : "---:")).join("|")}|`, ...rows.map((r) => `| ${r.map(escapeCell).join(" | ")} |`)];
}

interface Sections {
  pages: string[][];
  summary: string;
  goal: string;
  named: string[][];
  signIns: string;
  signInSteps: string[][];
  journeys: string[][];
  verdict: string;
}

function sectionsOf(r: LoadResult): Sections {
  const t = r.totals;
  const summary =
    `${t.pagesPerSecond.toFixed(1)} pages/s on ${r.cores} cores (${(t.pagesPerSecond / r.cores).toFixed(1)} a core) over ${t.seconds.toFixed(1)} s; ` +
    `signed out ${t.signedOut + r.signIns.totals.signedOut}; unexpected answers ${r.unexpectedAnswers}; ` +
    `double-clicked saves ${r.submissions.doubleClicks}, of which made two waybills ${r.submissions.split.length}; creates answered with a number told before ${r.submissions.repeatedNumbers}`;
  const verdict = verdictOf(r);
  return {
    pages: [...r.steps.map(stepCells), stepCells({ ...t, step: "all pages" })],
    summary,
    goal: goalLine(pageGoalOf(r.steps)),
    named: namedPageRows(r),
    signIns: signInLine(r.signIns),
    signInSteps: [...r.signIns.steps.map(stepCells), stepCells({ ...r.signIns.totals, step: "all sign-in steps" })],
    journeys: r.journeys.map(journeyCells),
    verdict: verdict.passed ? "PASS" : `FAIL: ${verdict.reasons.join("; ")}`,
  };
}

export function plainReport(r: LoadResult): string {
  const s = sectionsOf(r);
  return [
    `Cargo Desk load: ${headline(r)}`,
    stockLine(r.stock),
    "",
    "pages (sign-ins apart):",
    ...plainTable(STEP_HEAD, s.pages),
    s.summary,
    "",
    s.goal,
    ...plainTable(NAMED_HEAD, s.named),
    "",
    s.signIns,
    ...plainTable(STEP_HEAD, s.signInSteps),
    "",
    ...plainTable(JOURNEY_HEAD, s.journeys),
    "",
    "reconciliation:",
    ...reconciliationLines(r.reconciliation).map((l) => `  ${l}`),
    ...(r.examples.length ? ["", "first failures:", ...r.examples.map((e) => `  ${e.step}: ${e.what}`)] : []),
    "",
    s.verdict,
  ].join("\n");
}

export function markdownReport(r: LoadResult): string {
  const s = sectionsOf(r);
  return [
    `# Cargo Desk load run, ${r.date}`,
    "",
    `\`npm run load -- --users ${r.options.users} --seconds ${r.options.seconds} --ramp ${r.options.rampSeconds} --base ${r.options.base.origin}\`: ${headline(r)}.`,
    "",
    stockLine(r.stock),
    "",
    "## Pages (sign-ins apart)",
    "",
    ...markdownTable(STEP_HEAD, s.pages),
    "",
    s.summary,
    "",
    `**${s.goal}**`,
    "",
    ...markdownTable(NAMED_HEAD, s.named),
    "",
    "## Sign-ins",
    "",
    s.signIns,
    "",
    ...markdownTable(STEP_HEAD, s.signInSteps),
    "",
    "## Journeys",
    "",
    ...markdownTable(JOURNEY_HEAD, s.journeys),
    "",
    "## Reconciliation",
    "",
    ...reconciliationLines(r.reconciliation).map((l) => `- ${l}`),
    ...(r.examples.length ? ["", "## First failures", "", ...r.examples.map((e) => `- ${e.step}: ${e.what}`)] : []),
    "",
    `**${s.verdict}**`,
    "",
  ].join("\n");
}

export function jsonReport(r: LoadResult): string {
  const { databaseUrl: _secret, ...options } = r.options;
  return `${JSON.stringify({ ...r, options: { ...options, base: r.options.base.origin }, verdict: verdictOf(r), pageGoal: pageGoalOf(r.steps) }, null, 2)}\n`;
}
