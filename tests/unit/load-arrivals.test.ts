/**
 * How the load run's users arrive (scripts/load/ramp.ts, options.ts, sign-ins.ts): spread over the ramp in roster
 * order, the ramp never longer than the run; a sign-in that fails or times out is counted, the user pauses and tries
 * again, and one the run's end stops never does journeys. No timers: the pauses are counted, not waited.
 */
import { describe, expect, it } from "vitest";
import { PageShapeError } from "../../scripts/load/html-forms";
import { OptionError, parseOptions } from "../../scripts/load/options";
import { arrivalMs } from "../../scripts/load/ramp";
import { SIGN_IN_RETRY_PAUSE_MS, SignInTally, signInPatiently, type Patience } from "../../scripts/load/sign-ins";
import { NetworkError, RunOver, SignedOut, UnexpectedAnswer } from "../../scripts/load/virtual-user";

describe("the ramp", () => {
  it("brings user i of N in at i·ramp/N seconds after the clock starts", () => {
    expect(Array.from({ length: 4 }, (_, i) => arrivalMs(i, 4, 20))).toEqual([0, 5_000, 10_000, 15_000]);
    expect(Array.from({ length: 3 }, (_, i) => arrivalMs(i, 3, 1))).toEqual([0, 333, 667]);
    // the last of 100 over 20 s arrives before the ramp ends, so it still has the run's remaining time
    expect(arrivalMs(99, 100, 20)).toBe(19_800);
  });

  it("brings everyone in at once with --ramp 0", () => {
    expect(Array.from({ length: 5 }, (_, i) => arrivalMs(i, 5, 0))).toEqual([0, 0, 0, 0, 0]);
  });

  it("is 20 s by default, never longer than the run, and --ramp is checked like the other options", () => {
    const ramp = (...argv: string[]) => parseOptions(["--users", "10", ...argv]).rampSeconds;
    expect(ramp("--seconds", "60")).toBe(20);
    expect(ramp("--seconds", "15")).toBe(15);
    expect(ramp("--seconds", "60", "--ramp", "0")).toBe(0);
    expect(ramp("--seconds", "60", "--ramp=45")).toBe(45);
    for (const bad of [["--seconds", "15", "--ramp", "16"], ["--seconds", "15", "--ramp", "-1"], ["--seconds", "15", "--ramp", "1.5"]]) {
      expect(() => ramp(...bad), bad.join(" ")).toThrow(OptionError);
    }
  });
});

describe("sign-ins during the run", () => {
  const page = { status: 503, path: "/signIn", location: null, body: "The service is unavailable" };
  /**
   * A clock that moves 100 ms per reading and pauses that are only counted. The run "ends" after `stopAfterPauses`
   * pauses, or after 100 readings whatever happens, so that a loop that forgot to pause fails instead of spinning.
   */
  const patience = (stopAfterPauses = Number.POSITIVE_INFINITY) => {
    let clock = 0;
    const pauses: number[] = [];
    const p: Patience = {
      stopping: () => pauses.length >= stopAfterPauses || clock >= 10_000,
      pause: async (ms) => {
        pauses.push(ms);
      },
      now: () => (clock += 100),
    };
    return { p, pauses };
  };
  /** A sign-in that throws the given errors in turn, then succeeds. */
  const signInThrowing = (...errors: Error[]) => {
    let calls = 0;
    const signIn = async () => {
      const error = errors[calls++];
      if (error) throw error;
    };
    return { signIn, calls: () => calls };
  };

  it("counts a failed and a timed-out sign-in, pauses after each and tries again until the user is in", async () => {
    const tally = new SignInTally();
    const { p, pauses } = patience();
    const { signIn, calls } = signInThrowing(new UnexpectedAnswer("sign in", page, 302), new NetworkError("POST /signIn: timeout", true), new NetworkError("GET /signIn: ECONNRESET", false));
    expect(await signInPatiently(signIn, tally, p)).toBe(true);
    expect(calls()).toBe(4);
    expect(pauses).toEqual([SIGN_IN_RETRY_PAUSE_MS, SIGN_IN_RETRY_PAUSE_MS, SIGN_IN_RETRY_PAUSE_MS]);
    expect(tally.figures()).toEqual({
      attempts: 4,
      signedIn: 1,
      failed: 2,
      timedOut: 1,
      cut: 0,
      p50: 100,
      p95: 100,
      max: 100,
      reasons: { "sign in: 503": 1, "timed out": 1, "no answer (refused or reset)": 1 },
    });
  });

  it("gives up when the run ends: the user never signed in and does no journeys", async () => {
    const tally = new SignInTally();
    const { p } = patience(2);
    const failing = async () => {
      throw new UnexpectedAnswer("sign in form", page, 200);
    };
    expect(await signInPatiently(failing, tally, p)).toBe(false);
    expect(tally.figures()).toMatchObject({ attempts: 2, signedIn: 0, failed: 2, reasons: { "sign in form: 503": 2 } });
  });

  it("counts an attempt the run's end cut apart, and a landing that sent the user back to sign in as a failure", async () => {
    const tally = new SignInTally();
    expect(await signInPatiently(signInThrowing(new SignedOut("x"), new RunOver()).signIn, tally, patience().p)).toBe(false);
    expect(tally.figures()).toMatchObject({ attempts: 2, signedIn: 0, failed: 1, cut: 1, reasons: { "sent back to sign in": 1 } });
  });

  it("throws on what is not a failed sign-in: a sign-in page without its form stops the run", async () => {
    const tally = new SignInTally();
    await expect(signInPatiently(signInThrowing(new PageShapeError("no sign-in form")).signIn, tally, patience().p)).rejects.toThrow(PageShapeError);
    expect(tally.figures().attempts).toBe(0);
  });
});
