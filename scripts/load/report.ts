/**
 * The run's result three ways: a table on stdout, the same as Markdown for a file the README can link (with the date,
 * users, seconds and target), and JSON for machines. Also the verdict: which figures fail the run.
 */
import type { JourneyFigures } from "./journey-tally";
import type { LoadOptions } from "./options";
import { reconciliationFailures, type Reconciliation } from "./reconciliation";
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
  steps: StepFigures[];
  totals: Totals;
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

export function verdictOf(r: LoadResult): Verdict {
  const reasons: string[] = [];
  if (r.aborted) reasons.push(`aborted: ${r.aborted}`);
  if (r.totals.s5xx) reasons.push(`${r.totals.s5xx} 5xx`);
  if (r.totals.signedOut) reasons.push(`${r.totals.signedOut} signed out`);
  const unavailable = r.totals.unavailable + r.totals.networkErrors;
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
  return `${r.options.users} users (${roles}) for ${r.options.seconds} s against ${r.options.base.origin}, ${r.date}; service day ${r.serviceToday}, booking on ${r.days.join(", ")}; seed ${r.options.seed}`;
}

function stockLine(s: StockSupply | null): string {
  if (!s) return "stock: not prepared (no forwarder in the run)";
  return `stock: FWDONE held ${s.freeBefore} free S7 numbers${s.assigned ? `; assigned ${s.assigned} more${s.loaded ? ` (loaded 421 serials ${s.loaded} first)` : ""}` : ""}`;
}

/** Text columns (the first, and the journeys' reasons) read from the left; figures line up on the right. */
const isText = (head: string[], i: number) => i === 0 || (head === JOURNEY_HEAD && i === head.length - 1);

function plainTable(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (isText(head, i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd();
  return [line(head), ...rows.map(line)];
}

function markdownTable(head: string[], rows: string[][]): string[] {
  const escapeCell = (c: string) => c.replace(/\|/g, "\\|");
  return [`| ${head.join(" | ")} |`, `|${head.map((_, i) => (isText(head, i) ? "---" : "---:")).join("|")}|`, ...rows.map((r) => `| ${r.map(escapeCell).join(" | ")} |`)];
}

function figureLines(r: LoadResult): { steps: string[][]; journeys: string[][]; summary: string } {
  const steps = [...r.steps.map(stepCells), stepCells({ ...r.totals, step: "all" })];
  const summary =
    `${r.totals.pagesPerSecond.toFixed(1)} pages/s over ${r.totals.seconds.toFixed(1)} s; signed out ${r.totals.signedOut}; unexpected answers ${r.unexpectedAnswers}; ` +
    `double-clicked saves ${r.submissions.doubleClicks}, of which made two waybills ${r.submissions.split.length}; creates answered with a number told before ${r.submissions.repeatedNumbers}`;
  return { steps, journeys: r.journeys.map(journeyCells), summary };
}

export function plainReport(r: LoadResult): string {
  const { steps, journeys, summary } = figureLines(r);
  const verdict = verdictOf(r);
  return [
    `Cargo Desk load: ${headline(r)}`,
    stockLine(r.stock),
    "",
    ...plainTable(STEP_HEAD, steps),
    summary,
    "",
    ...plainTable(JOURNEY_HEAD, journeys),
    "",
    "reconciliation:",
    ...reconciliationLines(r.reconciliation).map((l) => `  ${l}`),
    ...(r.examples.length ? ["", "first failures:", ...r.examples.map((e) => `  ${e.step}: ${e.what}`)] : []),
    "",
    verdict.passed ? "PASS" : `FAIL: ${verdict.reasons.join("; ")}`,
  ].join("\n");
}

export function markdownReport(r: LoadResult): string {
  const { steps, journeys, summary } = figureLines(r);
  const verdict = verdictOf(r);
  return [
    `# Cargo Desk load run, ${r.date}`,
    "",
    `\`npm run load -- --users ${r.options.users} --seconds ${r.options.seconds} --base ${r.options.base.origin}\`: ${headline(r)}.`,
    "",
    stockLine(r.stock),
    "",
    ...markdownTable(STEP_HEAD, steps),
    "",
    summary,
    "",
    ...markdownTable(JOURNEY_HEAD, journeys),
    "",
    "## Reconciliation",
    "",
    ...reconciliationLines(r.reconciliation).map((l) => `- ${l}`),
    ...(r.examples.length ? ["", "## First failures", "", ...r.examples.map((e) => `- ${e.step}: ${e.what}`)] : []),
    "",
    `**${verdict.passed ? "PASS" : `FAIL: ${verdict.reasons.join("; ")}`}**`,
    "",
  ].join("\n");
}

export function jsonReport(r: LoadResult): string {
  const { databaseUrl: _secret, ...options } = r.options;
  return `${JSON.stringify({ ...r, options: { ...options, base: r.options.base.origin }, verdict: verdictOf(r) }, null, 2)}\n`;
}
