/**
 * Issue 25's goal for the cluster run, "p95 ≤ 2 s for every page step, none unanswered", read from the page steps'
 * figures (sign-ins apart: they wait for a password hash that is slow on purpose). A figure the report prints, never a
 * failure of the run: the run's verdict (report.ts) is about correctness, and these times depend on the machine.
 * Also the pages the issue asks to be measured, so that the report names each of them, reached or not.
 */
import type { StepFigures } from "./stats";
import { redirectedStep } from "./virtual-user";

export const PAGE_P95_GOAL_MS = 2_000;

/** The pages issue 25 names, with the journey steps that load them (airline-journeys.ts, forwarder-journeys.ts). */
export const NAMED_PAGES: ReadonlyArray<{ page: string; steps: readonly string[] }> = [
  { page: "shipments list", steps: ["shipments list"] },
  { page: "a waybill page", steps: ["waybill page"] },
  { page: "flights list", steps: ["flights list"] },
  { page: "a flight page", steps: ["flight page"] },
  // the create address first names its form (a redirect to ?form=..., README "Scaling out"), then shows it
  { page: "create air waybill page", steps: ["create form", redirectedStep("create form")] },
];

export interface PageGoal {
  met: boolean;
  /** Page steps whose p95 is over the goal. */
  slow: Array<{ step: string; p95: number }>;
  /** Page steps with requests that got no answer within the driver's limit, and how many. */
  unanswered: Array<{ step: string; count: number }>;
  /** Steps of the named pages that no journey reached in this run: the goal cannot be said to hold for them. */
  notMeasured: string[];
}

export function pageGoalOf(pages: readonly StepFigures[]): PageGoal {
  const slow = pages.filter((s) => s.p95 > PAGE_P95_GOAL_MS).map((s) => ({ step: s.step, p95: s.p95 }));
  const unanswered = pages.filter((s) => s.networkErrors > 0).map((s) => ({ step: s.step, count: s.networkErrors }));
  const measured = new Set(pages.filter((s) => s.count > 0).map((s) => s.step));
  const notMeasured = NAMED_PAGES.flatMap((p) => p.steps).filter((step) => !measured.has(step));
  return { met: slow.length === 0 && unanswered.length === 0 && notMeasured.length === 0, slow, unanswered, notMeasured };
}
