import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider for the single sign-on tests (issue 26): `oidc-provider`, the certified
 * implementation, on a free port of 127.0.0.1, with its own signing key, one confidential client that must use PKCE,
 * and the accounts a test gives it. Its login is a plain form at /interaction/:uid (an account name, no password:
 * the provider is the test's), so a browser journey and an HTTP client sign in the same way; consent is implied for
 * the one client, as a company's own provider grants its own product.
 */
export interface ProviderAccount {
  /** The provider's subject identifier. */
  sub: string;
  email: string;
  email_verified?: boolean;
  /** The claim the tenant maps to roles (`groups`), when the account has one. */
  groups?: string[];
  given_name?: string;
  family_name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account (a user created at the provider). */
  setAccount(account: ProviderAccount): void;
  /** Removes an account: the provider then refuses to sign it in or to refresh its tokens. */
  disableAccount(sub: string): void;
  /**
   * Signs `sub` in at the provider through an authorization request (the URL the product redirected to), as a user
   * would: follows the provider's redirects, posts its login form, and returns where the provider sent the browser
   * back (the product's callback URL with `code` and `state`).
   */
  signInAt(authorizationUrl: string, sub: string): Promise<URL>;
  /**
   * An authorization request as the product's server starts one: a fresh state, nonce and PKCE verifier (S256), the
   * URL to send the browser to, and what the server keeps to finish the sign-in.
   */
  authorizationRequest(redirectUri: string, scope?: string): { url: string; state: string; nonce: string; codeVerifier: string };
  /** The provider's token answer for a code (as the product's server would ask for it), for tests of the exchange itself. */
  redeemCode(code: string, redirectUri: string, codeVerifier: string): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export interface TestProviderOptions {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** Seconds an ID token stays valid (the provider's default is an hour). */
  idTokenTtl?: number;
}

/** A tiny cookie jar: the provider keeps its interaction and session in cookies across its redirects. */
function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    keep(response: Response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
      }
    },
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? "cargo-desk";
  const clientSecret = options.clientSecret ?? "test-provider-client-secret-0123456789";
  const accounts = new Map<string, ProviderAccount>();
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "test-provider-key", alg: "RS256", use: "sig" };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: ["test-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], groups: ["groups"], profile: ["given_name", "family_name"] },
    scopes: ["openid", "email", "groups", "profile", "offline_access"],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // the ID token carries the e-mail and groups itself: the product reads the identity from it alone
    conformIdTokenClaims: false,
    ttl: { IdToken: options.idTokenTtl ?? 3600, AccessToken: 600, Interaction: 600, Grant: 3600, Session: 3600, RefreshToken: 86_400 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const { sub, email, email_verified, ...more } = account;
          return { sub, email, email_verified: email_verified ?? true, ...more };
        },
      };
    },
    // the company's own provider grants its own product: no consent screen
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const accountId = session?.accountId;
      if (!session || !accountId || !ctx.oidc.client) return undefined;
      const grantId = session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope("openid email groups profile offline_access");
      await grant.save();
      return grant;
    },
  });
  // the provider's own warnings about its development defaults are not the test's business
  provider.on("server_error", () => {});

  const callback = provider.callback();
  server.on("request", async (req, res) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url?.split("?")[0] ?? "");
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (!match[2]) {
        res.setHeader("content-type", "text/html; charset=utf-8");
        res.end(
          `<!doctype html><title>Test provider</title><form method="post" action="/interaction/${escapeHtml(details.uid)}/login">` +
            `<label>Account <input name="account" autocomplete="username"></label><button type="submit">Sign in</button></form>`,
        );
        return;
      }
      const body = await new Promise<string>((resolve) => {
        let text = "";
        req.on("data", (chunk: Buffer) => (text += chunk.toString()));
        req.on("end", () => resolve(text));
      });
      const accountId = new URLSearchParams(body).get("account") ?? "";
      const result = accounts.has(accountId) ? { login: { accountId } } : { error: "access_denied", error_description: "unknown account" };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 400;
      res.end(String(error));
    }
  });

  const authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount: (account) => void accounts.set(account.sub, account),
    disableAccount: (sub) => void accounts.delete(sub),
    authorizationRequest(redirectUri, scope = "openid email groups profile") {
      const codeVerifier = randomBytes(32).toString("base64url");
      const state = randomBytes(12).toString("base64url");
      const nonce = randomBytes(16).toString("base64url");
      const url = new URL("/auth", issuer);
      url.search = new URLSearchParams({
        client_id: clientId,
        response_type: "code",
        scope,
        redirect_uri: redirectUri,
        state,
        nonce,
        code_challenge: createHash("sha256").update(codeVerifier).digest("base64url"),
        code_challenge_method: "S256",
      }).toString();
      return { url: url.toString(), state, nonce, codeVerifier };
    },
    async signInAt(authorizationUrl, sub) {
      const jar = cookieJar();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
        const response = interaction
          ? await fetch(new URL(`/interaction/${interaction[1]}/login`, issuer), {
              method: "POST",
              redirect: "manual",
              headers: { cookie: jar.header(), "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ account: sub }).toString(),
            })
          : await fetch(url, { redirect: "manual", headers: { cookie: jar.header() } });
        jar.keep(response);
        await response.arrayBuffer();
        const location = response.headers.get("location");
        if (!location) throw new Error(`the provider answered ${response.status} at ${url} without a redirect`);
        url = new URL(location, url);
        if (url.origin !== issuer) return url;
      }
      throw new Error("the provider redirected more than 10 times");
    },
    async redeemCode(code, redirectUri, codeVerifier) {
      const response = await fetch(new URL("/token", issuer), {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, code_verifier: codeVerifier }).toString(),
      });
      return (await response.json()) as Record<string, unknown>;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
