/**
 * `npm run load -- --users N --seconds S ...` (issue 12 "Load"): N signed-in virtual users drive the product's pages
 * as browsers with JavaScript off for S seconds, then the database is reconciled with what they were told and the
 * figures are printed (and written with --out / --json). Exit 0 when nothing failed, 1 when a figure failed the run
 * (5xx, signed out, lost, duplicated, over-booked, unexpected answers; unavailable beyond --max-unavailable when given), 2 when
 * the run could not be made (bad options, a page that does not look as a journey expects, the service not there).
 *
 * Before the clock starts (not timed): the service's day is read from the booking search and the coming days with room
 * on the plan's flights chosen (flight-days.ts), the forwarder's S7 stock is
 * topped up through the airline's AWB stocks page, and the database is snapshot. Then the clock starts ("running ..."
 * on stderr, which the cluster check times its faults from) and the users arrive over the ramp (ramp.ts): each signs
 * in through /signIn, trying again after a pause when a sign-in fails (sign-ins.ts), and then takes journeys.
 * S seconds after the clock started no new request starts; those in flight finish (each has 30 s at most).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Agent } from "undici";
import { seededRandom } from "./cargo-plan";
import { daysWithRoom } from "./flight-days";
import { formWhere, PageShapeError } from "./html-forms";
import { JourneyTally } from "./journey-tally";
import type { LoadWorld } from "./load-world";
import { OptionError, parseOptions, USAGE, type LoadOptions } from "./options";
import { arrivalMs } from "./ramp";
import { reconcile, takeSnapshot, type Snapshot } from "./reconciliation";
import { jsonReport, markdownReport, plainReport, verdictOf, type LoadResult } from "./report";
import { AIRLINE_ACCOUNT, FORWARDER_ACCOUNT, nextJourney, roster, type Role } from "./roster";
import { SignInTally, signInPatiently } from "./sign-ins";
import { Stats } from "./stats";
import { supplyStock, type StockSupply } from "./stock-supply";
import { ToldLedger } from "./told-ledger";
import { isSignInStep, NetworkError, RunOver, SignedOut, UnexpectedAnswer, VirtualUser, type Target } from "./virtual-user";

const ROOT = path.resolve(import.meta.dirname, "../..");
const isPageStep = (step: string) => !isSignInStep(step);

/** The BFF's "service unavailable" notices in every language (errors:Network and errors:Timeout). */
function unavailableNotices(): string[] {
  const texts: string[] = [];
  for (const lang of fs.readdirSync(path.join(ROOT, "locales"))) {
    const file = path.join(ROOT, "locales", lang, "errors.json");
    if (!fs.existsSync(file)) continue;
    const errors = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    for (const key of ["Network", "Timeout"]) if (typeof errors[key] === "string") texts.push(errors[key] as string);
  }
  return texts;
}

/** Reads the service's day: the booking search's date field starts on it. */
async function serviceToday(forwarder: VirtualUser): Promise<string> {
  const page = await forwarder.expectPage("booking search", "/dashboard/offers/select", 'name="flight_date"');
  const form = formWhere(page.body, "booking search", (f) => f.method === "get" && f.fields.some(([n]) => n === "flight_date"));
  const today = form.fields.find(([n]) => n === "flight_date")![1];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new PageShapeError(`the booking search starts on "${today}", not a date`);
  return today;
}

/** Enough numbers for every forwarder creating about one waybill a second, within the stocks page's limits. */
const stockNeed = (forwarders: number, seconds: number) => Math.min(20_000, Math.max(200, forwarders * seconds));

interface RunState {
  aborted: string | null;
  unexpectedAnswers: number;
  signIns: SignInTally;
  neverSignedIn: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Signs `user` in, trying again after each failure (sign-ins.ts); false when the run ended (or was aborted) first. */
async function signInUntilIn(user: VirtualUser, role: Role, target: Target, state: RunState): Promise<boolean> {
  try {
    return await signInPatiently(() => user.signIn(), state.signIns, { stopping: target.stopping, pause: sleep, now: () => performance.now() });
  } catch (error) {
    // a sign-in page that does not look as expected (or a bug here): stop everyone and say so loudly
    state.aborted ??= `${role.name}, sign-in: ${(error as Error).message}`;
    return false;
  }
}

/** One user's run: its arrival on the ramp, sign in (until it works or the run ends), then journeys until the clock says stop. */
async function userLoop(user: VirtualUser, role: Role, arrival: number, world: LoadWorld, target: Target, state: RunState): Promise<void> {
  await sleep(arrival);
  if (!(await signInUntilIn(user, role, target, state))) {
    state.neverSignedIn++;
    return;
  }
  while (!target.stopping()) {
    const journey = nextJourney(role, world.random);
    world.tally.started(journey.name);
    try {
      const end = await journey.run(user, world);
      world.tally.ended(journey.name, end.outcome, end.outcome === "completed" ? undefined : end.reason);
    } catch (error) {
      if (error instanceof RunOver) return;
      if (error instanceof SignedOut) {
        world.tally.ended(journey.name, "failed", "signed out");
        // counted by the stats (it fails the run); the user signs in again as a person would, and goes on
        if (!(await signInUntilIn(user, role, target, state))) return;
      } else if (error instanceof NetworkError) {
        world.tally.ended(journey.name, "failed", "no answer");
      } else if (error instanceof UnexpectedAnswer) {
        world.tally.ended(journey.name, "failed", `${error.step}: ${error.page.status}`);
        // 5xx and the unavailable notice are counted by the stats; anything else is a defect of its own
        if (error.page.status < 500) {
          state.unexpectedAnswers++;
          target.stats.example(error.step, error.message);
        }
      } else {
        // a page that does not look as the journey expects (or a bug here): stop everyone and say so loudly
        world.tally.ended(journey.name, "failed", "aborted");
        state.aborted ??= `${role.name}, ${journey.name}: ${(error as Error).message}`;
        return;
      }
    }
  }
}

async function main(): Promise<number> {
  let options: LoadOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }

  const notices = unavailableNotices();
  const stats = new Stats((body) => notices.some((n) => body.includes(n)));
  const state: RunState = { aborted: null, unexpectedAnswers: 0, signIns: new SignInTally(), neverSignedIn: 0 };
  let deadline = Number.POSITIVE_INFINITY;
  const dispatcher = new Agent({ connections: options.users + 4, keepAliveTimeout: 60_000, keepAliveMaxTimeout: 600_000 });
  const target: Target = { base: options.base, dispatcher, stats, stopping: () => state.aborted !== null || Date.now() >= deadline, thinkMs: options.thinkMs };
  // preparation has its own figures: it is not the load
  const preparation: Target = { ...target, stats: new Stats(() => false), stopping: () => false, thinkMs: 0 };
  const roles = roster(options.users);
  const forwarders = roles.filter((r) => r.email === FORWARDER_ACCOUNT.email).length;

  const pool = options.databaseUrl ? new pg.Pool({ connectionString: options.databaseUrl, max: 2 }) : null;
  try {
    const planner = await signedIn(new VirtualUser(preparation, FORWARDER_ACCOUNT.tenantHost, FORWARDER_ACCOUNT.email));
    const today = await serviceToday(planner);
    const days = await daysWithRoom(planner, today);
    let stock: StockSupply | null = null;
    if (forwarders > 0) {
      const manager = await signedIn(new VirtualUser(preparation, AIRLINE_ACCOUNT.tenantHost, AIRLINE_ACCOUNT.email));
      stock = await supplyStock(manager, stockNeed(forwarders, options.seconds));
    }
    const snapshot: Snapshot | null = pool ? await takeSnapshot(pool) : null;

    const world: LoadWorld = { days, ledger: new ToldLedger(), tally: new JourneyTally(), random: seededRandom(options.seed), flightIds: new Map() };
    const users = roles.map((role) => new VirtualUser(target, role.tenantHost, role.email));

    // the clock starts with the ramp: sign-ins are part of the run, as the users' arrival is part of a day
    console.error(`running ${options.seconds} s on ${options.base.origin}, ${users.length} users arriving over ${options.rampSeconds} s ...`);
    const started = Date.now();
    deadline = started + options.seconds * 1000;
    stats.openWindow();
    await Promise.all(users.map((u, i) => userLoop(u, roles[i]!, arrivalMs(i, users.length, options.rampSeconds), world, target, state)));
    stats.closeWindow();
    const seconds = (Date.now() - started) / 1000;

    console.error(pool ? "reconciling with the database ..." : "no database given: not reconciling");
    const reconciliation = pool && snapshot ? await reconcile(pool, snapshot, world.ledger) : null;
    const result: LoadResult = {
      date: new Date().toISOString(),
      options,
      roles: Object.fromEntries([...new Set(roles.map((r) => r.name))].map((name) => [name, roles.filter((r) => r.name === name).length])),
      serviceToday: today,
      days,
      stock,
      cores: os.cpus().length,
      steps: stats.figures(isPageStep),
      totals: stats.totals(seconds, isPageStep),
      signIns: { ...state.signIns.figures(), neverSignedIn: state.neverSignedIn, steps: stats.figures(isSignInStep), totals: stats.totals(seconds, isSignInStep) },
      journeys: world.tally.figures(),
      unexpectedAnswers: state.unexpectedAnswers,
      examples: stats.examples,
      reconciliation,
      submissions: { doubleClicks: world.ledger.doubleClicks, split: world.ledger.splitDoubleClicks, repeatedNumbers: world.ledger.repeatedNumbers },
      aborted: state.aborted,
    };
    console.log(plainReport(result));
    if (options.out) fs.writeFileSync(options.out, markdownReport(result));
    if (options.json) fs.writeFileSync(options.json, jsonReport(result));
    if (state.aborted) return 2;
    return verdictOf(result).passed ? 0 : 1;
  } finally {
    await pool?.end();
    await dispatcher.close();
  }
}

async function signedIn(user: VirtualUser): Promise<VirtualUser> {
  await user.signIn();
  return user;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`load run failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(2);
  },
);
