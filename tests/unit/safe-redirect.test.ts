/**
 * Issue 21 §2: a redirect target is judged by what a browser does with it. Node's URL is the WHATWG parser browsers
 * use (it drops tabs and newlines, reads `\` as `/`, resolves dot segments), so "where a browser goes" is asked of it
 * directly: the answer's Location, resolved against a page of the site, must stay on the site, also after one more
 * decode of its path, and must be a header Node can send.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect, sameOriginPath } from "~/lib/forms/safe-redirect";
import { encodeLocation } from "~/lib/http/redirect";
import { pathHasControlCharacters } from "~/lib/http/request-path.server";
import { BROWSER_NORMALISED_TRICKS, redirectTrick } from "../abuse/redirect-tricks";

const SITE = "https://s7.cargo.example";
const PAGE = `${SITE}/signIn?redirect=x`;

/** Where a browser goes with `location` from PAGE; also what a server that decodes the path once more would read. */
function staysOnSite(location: string): boolean {
  const first = new URL(location, PAGE);
  if (first.origin !== SITE) return false;
  let decodedPath: string;
  try {
    decodedPath = decodeURIComponent(first.pathname);
  } catch {
    decodedPath = first.pathname;
  }
  return !/^[/\\]{2}/.test(decodedPath) && new URL(decodedPath.replace(/[?#]/g, encodeURIComponent), PAGE).origin === SITE;
}

/** A header value Node sends as it is, and that no reader trims, splits or re-reads. */
const SENDABLE = /^[\x21-\x5b\x5d-\x7e]+$/;

describe("safeRedirect", () => {
  it.each([
    ["/dashboard/profile", "/dashboard/profile"],
    ["/dashboard/settings/users?page=2", "/dashboard/settings/users?page=2"],
    ["/dashboard/shipments/555-12345675#documents", "/dashboard/shipments/555-12345675#documents"],
    // non-ASCII is kept, as the UTF-8 escapes every browser and server decode back to it
    ["/dashboard/日本?q=é", "/dashboard/%E6%97%A5%E6%9C%AC?q=%C3%A9"],
    ["/dashboard/a b", "/dashboard/a%20b"],
    // dot segments resolved as the browser would, as long as the result is still a path
    ["/dashboard/x/../profile", "/dashboard/profile"],
    ["//evil.example/x", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r/evil.example", "/"],
    ["/%09/evil.example", "/"],
    ["/%2F/evil.example", "/"],
    ["/%2f%2fevil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/%252F/evil.example", "/"],
    ["/%2F%FF/evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["///evil.example", "/"],
    ["/\u0000", "/"],
    ["/a\u007fb", "/"],
    ["/a\u0085b", "/"],
    ["https://evil.example", "/"],
    ["http:evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["\uff0f\uff0fevil.example", "/"],
    [" /dashboard", "/"],
    ["dashboard", "/"],
    [null, "/"],
    [42, "/"],
    ["", "/"],
  ])("%j → %s", (target, expected) => {
    expect(safeRedirect(target, "/")).toBe(expected);
  });

  it("a full-width solidus is no slash to a browser: kept in the path, encoded", () => {
    expect(safeRedirect("/\uff0fevil.example", "/")).toBe("/%EF%BC%8Fevil.example");
    expect(staysOnSite("/%EF%BC%8Fevil.example")).toBe(true);
  });

  it("every browser-normalised trick from the list, alone: the answer stays on the site", () => {
    for (const trick of BROWSER_NORMALISED_TRICKS) {
      const answer = safeRedirect(trick, "/");
      expect(staysOnSite(answer), JSON.stringify(trick)).toBe(true);
      expect(answer, JSON.stringify(trick)).toMatch(SENDABLE);
    }
  });

  it("any combination of the tricks: the answer stays on the site after the browser's parse and one more decode, and is sendable", () => {
    fc.assert(
      fc.property(redirectTrick, (trick) => {
        const answer = safeRedirect(trick, "/fallback");
        expect(answer).toMatch(SENDABLE);
        expect(staysOnSite(answer)).toBe(true);
        // what is accepted is exactly what the browser would open: safeRedirect changes no destination
        if (answer !== "/fallback") expect(new URL(answer, PAGE).href).toBe(new URL(trick, PAGE).href);
      }),
      { numRuns: 2000 },
    );
  });

  it("the site's own addresses, with any text in their segments and query, come back as the same address", () => {
    const segment = fc.string({ unit: "grapheme", maxLength: 12 }).filter((s) => !/[\u0000-\u001f\u007f-\u009f\\/?#%]/.test(s) && !/^\.{1,2}$/.test(s));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 8 })), (segments, query) => {
        const path = `/dashboard/${segments.map(encodeURIComponent).join("/")}`;
        const search = new URLSearchParams(query).toString();
        const target = search ? `${path}?${search}` : path;
        const answer = sameOriginPath(target);
        expect(answer).not.toBeNull();
        expect(new URL(answer!, PAGE).href).toBe(new URL(target, PAGE).href);
      }),
      { numRuns: 500 },
    );
  });
});

describe("encodeLocation", () => {
  it.each([
    ["/dashboard/shipments/555-12345675", "/dashboard/shipments/555-12345675"],
    ["/signIn?redirect=%2Fdashboard", "/signIn?redirect=%2Fdashboard"],
    ["/dashboard/日", "/dashboard/%E6%97%A5"],
    ["/a b\tc", "/a%20b%09c"],
    ["/a\\b", "/a%5Cb"],
    ["/\ud800", "/%EF%BF%BD"],
    ["//dashboard/x", "/dashboard/x"],
    ["///evil.example", "/evil.example"],
    ["https://s7.localhost/x?y=é", "https://s7.localhost/x?y=%C3%A9"],
  ])("%j → %s", (value, expected) => {
    expect(encodeLocation(value)).toBe(expected);
  });

  it("any string becomes a sendable header that encoding again leaves as it is", () => {
    fc.assert(
      fc.property(fc.oneof(redirectTrick, fc.string({ unit: "binary" })), (value) => {
        const once = encodeLocation(value);
        expect(once === "" || SENDABLE.test(once)).toBe(true);
        expect(encodeLocation(once)).toBe(once);
        expect(once.startsWith("//")).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("pathHasControlCharacters", () => {
  it.each([
    ["/dashboard/shipments/555-12345675", false],
    ["/dashboard/%E6%97%A5", false],
    ["/dashboard/%FF", false],
    ["/dashboard/a%20b", false],
    ["/dashboard/%0A", true],
    ["/dashboard/%09x", true],
    ["/dashboard/%7F", true],
    ["/dashboard/%C2%85", true],
    ["/dashboard/%0A%FF", true],
  ])("%s → %s", (path, expected) => {
    expect(pathHasControlCharacters(path)).toBe(expected);
  });
});
