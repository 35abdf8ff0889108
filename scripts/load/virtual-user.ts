/**
 * One signed-in virtual user: a browser with JavaScript off on one tenant host. It keeps its cookies, GETs pages,
 * posts the pages' own forms (their hidden csrf and idempotency_key included), follows redirects by hand, and tells
 * the stats about every request it makes. Connections go to 127.0.0.1 only; the tenant is the Host header
 * (s7.localhost:PORT), as the BFF derives it from the host the browser addressed.
 */
import { Agent, request } from "undici";
import { formWhere, PageShapeError, submission, textOf, type HtmlForm } from "./html-forms";
import type { Stats } from "./stats";

/** Every request's limit: a page slower than this counts as a network error, never as a hang. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const DEMO_PASSWORD = "cargodesk-demo";

export interface Page {
  status: number;
  /** Path and query this answer is for. */
  path: string;
  location: string | null;
  body: string;
}

export interface Target {
  /** http://127.0.0.1:PORT: where the connections go. */
  base: URL;
  dispatcher: Agent;
  stats: Stats;
  /** Set once the run's time is up: no new request starts, the journeys unwind. */
  stopping: () => boolean;
  /**
   * A user's pause before each page it opens and each form it sends (reading the page, filling the form), ms; 0
   * for none. Redirects an answer leads to are followed at once, as a browser follows them.
   */
  thinkMs: number;
}

/** The run ended while this user was mid-journey: not a failure, the journey just stops. */
export class RunOver extends Error {
  override name = "RunOver";
}

/** A request that got no answer (refused, reset, timed out); counted by the stats already. */
export class NetworkError extends Error {
  override name = "NetworkError";
  constructor(
    message: string,
    /** No answer within REQUEST_TIMEOUT_MS (rather than a connection refused or reset): a queue, not a gap. */
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

/** Whether `error` (or what caused it) is one of the request's time limits running out. */
function isTimeout(error: unknown): boolean {
  // AbortSignal.timeout aborts with a TimeoutError; undici's own limits throw their codes; either may come wrapped
  let e = error as { name?: string; code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.name === "TimeoutError" || e.code === "UND_ERR_HEADERS_TIMEOUT" || e.code === "UND_ERR_BODY_TIMEOUT") return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The steps of a sign-in (VirtualUser.signIn), the landing's redirect hops included. The report shows them apart from
 * the pages: the password hash is slow on purpose, and mixed in they would set the pages' p95.
 */
export const SIGN_IN_STEPS = ["sign in form", "sign in", "landing"] as const;

/** The step a redirect hop of `step` is recorded under (VirtualUser.open). */
export const redirectedStep = (step: string) => `${step} (redirected)`;

export function isSignInStep(step: string): boolean {
  return SIGN_IN_STEPS.some((s) => step === s || step.startsWith(redirectedStep(s)));
}

/** The user found itself on /signIn after having signed in: the session was lost. */
export class SignedOut extends Error {
  override name = "SignedOut";
}

export class VirtualUser {
  private readonly cookies = new Map<string, string>();
  private signedIn = false;
  /** The page the last sign-in landed on (its sidebar names the pages this user may open). */
  landing: Page | undefined;

  constructor(
    private readonly target: Target,
    /** s7.localhost, cargo.localhost, ...: the tenant. */
    readonly tenantHost: string,
    readonly email: string,
  ) {}

  /** Host header and Origin as the browser would send them for this tenant on the target's port. */
  private get host(): string {
    return `${this.tenantHost}:${this.target.base.port || "80"}`;
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keepCookies(setCookie: string | string[] | undefined): void {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq < 1) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = value === "" || attributes.some((a) => /^\s*max-age\s*=\s*(0|-)/i.test(a) || (/^\s*expires\s*=/i.test(a) && Date.parse(a.split("=")[1]!) <= Date.now()));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect following; recorded under `step`. Throws NetworkError when no answer came. */
  async send(step: string, method: "GET" | "POST", path: string, form?: Array<[string, string]>): Promise<Page> {
    if (this.target.stopping()) throw new RunOver();
    const headers: Record<string, string> = { host: this.host, "accept-language": "en", accept: "text/html" };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers.origin = `http://${this.host}`;
      body = new URLSearchParams(form).toString();
    }
    const started = performance.now();
    try {
      const answer = await request(new URL(path, this.target.base), {
        method,
        headers,
        body,
        dispatcher: this.target.dispatcher,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await answer.body.text();
      // a form's refusal answers 200 and names the status it stands for (app/lib/http/form-refusals.server.ts):
      // the journeys tell a refusal from a success by that status
      const status = Number(answer.headers["x-form-refusal"]) || answer.statusCode;
      this.target.stats.record(step, performance.now() - started, status, text);
      this.keepCookies(answer.headers["set-cookie"]);
      const location = answer.headers.location;
      const page = { status, path, location: typeof location === "string" ? location : null, body: text };
      if (this.signedIn && isSignInBounce(page)) {
        this.target.stats.signedOut(step);
        this.signedIn = false;
        throw new SignedOut(`${this.email} was sent to sign in by ${method} ${path}`);
      }
      return page;
    } catch (error) {
      if (error instanceof SignedOut) throw error;
      this.target.stats.networkError(step, performance.now() - started, error);
      throw new NetworkError(`${method} ${path}: ${(error as Error).message}`, isTimeout(error));
    }
  }

  /**
   * GET `path` and follow same-host redirects. The first request is recorded under `step`, the hops after a redirect
   * under "`step` (redirected)", so a page that always redirects first (the create form names its instance) shows
   * both requests' times instead of their mixture.
   */
  async open(step: string, path: string): Promise<Page> {
    let page = await this.sendGet(step, path);
    for (let hop = 0; isRedirect(page) && hop < 5; hop++) page = await this.sendGet(redirectedStep(step), sameHostPath(page));
    return page;
  }

  /**
   * A GET sent once more when its connection closed before any answer, as browsers do for a kept-alive connection
   * the other side had just closed (the failed try stays counted as "no answer"). A form's POST never is.
   */
  private async sendGet(step: string, path: string): Promise<Page> {
    try {
      return await this.send(step, "GET", path);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return this.send(step, "GET", path);
    }
  }

  /** GET `path` and demand a 200 whose body holds `marker` (a test id, a form): a changed page fails the run loudly. */
  async expectPage(step: string, path: string, marker: string | RegExp): Promise<Page> {
    await this.think();
    const page = await this.open(step, path);
    expectStatus(page, 200, step);
    const found = typeof marker === "string" ? page.body.includes(marker) : marker.test(page.body);
    if (!found) throw new PageShapeError(`${step}: ${path} answered 200 without ${String(marker)}`);
    return page;
  }

  /** Posts `form` as a browser would (to its action, else the page's path), with `changes` and an optionally pressed button, after the user's pause. */
  async post(step: string, page: Page, form: HtmlForm, changes: Record<string, string> = {}, press?: { name: string; value: string }): Promise<Page> {
    await this.think();
    return this.submit(step, page, form, changes, press);
  }

  /** The POST of `post`, at once. */
  private submit(step: string, page: Page, form: HtmlForm, changes: Record<string, string> = {}, press?: { name: string; value: string }): Promise<Page> {
    if (form.method !== "post") throw new PageShapeError(`${step}: the form on ${page.path} is not a POST form`);
    const fields = submission(form, changes, press);
    if (!fields.some(([name, value]) => name === "csrf" && value)) throw new PageShapeError(`${step}: the form on ${page.path} carries no csrf`);
    const action = form.action ? sameHostPathOf(form.action, page.path) : page.path;
    return this.send(step, "POST", action, fields);
  }

  /** The person's pause before a click (Target.thinkMs); the run may end during it (send then says RunOver). */
  private async think(): Promise<void> {
    if (this.target.thinkMs > 0 && !this.target.stopping()) await new Promise((r) => setTimeout(r, this.target.thinkMs));
  }

  /**
   * The real sign-in form (GET /signIn, POST it with the demo password), then the landing page. An answer other than
   * the form, the redirect and the landing page is an UnexpectedAnswer (the service unavailable, the sign-in refused):
   * the caller counts it and may try again (sign-ins.ts); a sign-in page without its form is a PageShapeError.
   */
  async signIn(): Promise<Page> {
    const [formStep, postStep, landingStep] = SIGN_IN_STEPS;
    const page = await this.send(formStep, "GET", "/signIn");
    expectStatus(page, 200, formStep);
    const form = formWhere(page.body, "sign-in", (f) => f.method === "post" && f.fields.some(([n]) => n === "email"));
    // without the pause: the sign-in's own figure is the service's time (the ramp spaces the arrivals)
    const posted = await this.submit(postStep, page, form, { email: this.email, password: DEMO_PASSWORD, rememberMe: "on" });
    expectStatus(posted, 302, postStep);
    this.signedIn = true;
    this.landing = await this.open(landingStep, sameHostPath(posted));
    expectStatus(this.landing, 200, landingStep);
    return this.landing;
  }
}

export function isRedirect(page: Page): boolean {
  return page.status >= 300 && page.status < 400 && page.location !== null;
}

/** A redirect to the sign-in page: what the BFF answers a request whose session is gone. */
function isSignInBounce(page: Page): boolean {
  if (isRedirect(page)) return /^(https?:\/\/[^/]+)?\/signIn\b/.test(page.location!);
  return false;
}

/** The path of a redirect's target (same host: the BFF never sends a signed-in user elsewhere). */
export function sameHostPath(page: Page): string {
  if (!page.location) throw new PageShapeError(`${page.path} answered ${page.status} without a Location`);
  return sameHostPathOf(page.location, page.path);
}

function sameHostPathOf(location: string, from: string): string {
  const url = new URL(location, `http://tenant${from}`);
  return `${url.pathname}${url.search}`;
}

export function expectStatus(page: Page, status: number, step: string): void {
  if (page.status !== status) throw new UnexpectedAnswer(step, page, status);
}

/** An answer the journey did not expect (a refusal, a 5xx): counted by the stats, and the journey stops there. */
export class UnexpectedAnswer extends Error {
  override name = "UnexpectedAnswer";
  constructor(
    readonly step: string,
    readonly page: Page,
    expected: number | string,
  ) {
    super(`${step}: ${page.path} answered ${page.status}, expected ${expected}: ${textOf(page.body).slice(0, 160)}`);
  }
}
