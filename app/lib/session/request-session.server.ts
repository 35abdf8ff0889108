import type { AppSession, AppSessionStorage } from "./storage.server";

/**
 * One request's session: read (and decrypted) at most once, written back once by the HTTP handler
 * when its data changed. Loaders and actions only mutate it; they never build Set-Cookie themselves.
 */
export class RequestSession {
  private loading?: Promise<AppSession>;
  private snapshot = "";
  private destroyed = false;

  constructor(
    private readonly storage: AppSessionStorage,
    private readonly cookieHeader: string | null,
  ) {}

  get(): Promise<AppSession> {
    this.loading ??= this.storage.getSession(this.cookieHeader).then((session) => {
      this.snapshot = JSON.stringify(session.data);
      return session;
    });
    return this.loading;
  }

  /** Forget everything (sign-out, failed renewal, 401). A later `get()` starts from an empty session. */
  async destroy(): Promise<AppSession> {
    const session = await this.get();
    for (const key of Object.keys(session.data)) session.unset(key as never);
    this.destroyed = true;
    return session;
  }

  /** Whether the request arrived with a signed-in session (tokens present). No cookie: no decryption. */
  async isSignedIn(): Promise<boolean> {
    if (!this.cookieHeader) return false;
    return Boolean((await this.get()).get("auth"));
  }

  /** The Set-Cookie value this request must send, or null when nothing changed. */
  async setCookie(): Promise<string | null> {
    if (!this.loading) return null;
    const session = await this.loading;
    const now = JSON.stringify(session.data);
    if (now === this.snapshot) return null;
    if (this.destroyed && Object.keys(session.data).length === 0) return this.storage.destroySession(session);
    return this.storage.commitSession(session);
  }
}
