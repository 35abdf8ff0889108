import { bypass, http } from "msw";
import { expect } from "vitest";
import { type Answer, type Bff, parseSetCookie } from "./harness";

// "The browser never holds a token" (DESIGN §2.4): the real tokens the API hands out, read from its token endpoint's
// answers as they pass by, must appear in no answer the BFF gives a browser: not in a page (whose HTML also carries
// every route's loader data), a data answer, a header, nor a cookie in any encoding; and every cookie we set is
// unreadable by page scripts. Used by the per-account sign-in check (session.test.ts) and the walk over every built
// page (every-page.test.ts).

/** Starts collecting the tokens the API answers from now on (the test's msw handlers are reset after it). */
export function collectTokens(bff: Bff): Set<string> {
  const tokens = new Set<string>();
  bff.msw.use(
    http.post(`${bff.api.url}/oauth/token`, async ({ request }) => {
      const response = await fetch(bypass(request));
      const body = (await response.clone().json()) as { access_token?: string; refresh_token?: string };
      if (body.access_token) tokens.add(body.access_token);
      if (body.refresh_token) tokens.add(body.refresh_token);
      return response;
    }),
  );
  return tokens;
}

/** A cookie value as a script could read it: URL-decoded, and that decoded once more from base64. */
export function decodeCookie(value: string): string {
  const text = decodeURIComponent(value);
  return `${text}\n${Buffer.from(text, "base64").toString("utf8")}`;
}

/** No answer carries a token, in its body, a header or a cookie; every cookie set is httpOnly. */
export function expectNoTokenIn(answers: readonly Answer[], tokens: ReadonlySet<string>, who: string): void {
  for (const answer of answers) {
    const where = `${who} ${answer.status} ${answer.url}`;
    for (const token of tokens) {
      expect(answer.body.includes(token), `token in the body of ${where}`).toBe(false);
      for (const [name, value] of answer.headers) {
        if (name.toLowerCase() !== "set-cookie") expect(value.includes(token), `token in header ${name} of ${where}`).toBe(false);
      }
    }
    for (const line of answer.setCookies) {
      const cookie = parseSetCookie(line);
      expect(cookie.attributes.httponly, `${cookie.name} of ${where} is httpOnly`).toBe(true);
      const decoded = decodeCookie(cookie.value);
      for (const token of tokens) {
        expect(cookie.value.includes(token), `token in cookie ${cookie.name} of ${where}`).toBe(false);
        expect(decoded.includes(token), `token in decoded cookie ${cookie.name} of ${where}`).toBe(false);
      }
    }
  }
}
