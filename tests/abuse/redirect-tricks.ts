/**
 * Redirect targets as an attacker writes them (issue 21 §2): the ways a browser's URL parser turns a string that
 * looks like a path into another host. It drops tabs, CR and LF anywhere and trims C0 controls and spaces; reads
 * `\` as `/`; resolves `.` and `..` (also written `%2e`); takes `scheme:host` without slashes for its own scheme.
 * Servers and proxies may decode once more (`%2F`, `%5C`, `%09`, `%252F`). Look-alike slashes (full-width, division,
 * fraction) are no slash to a URL parser, but a target must come back encoded, not raw.
 */
import fc from "fast-check";

/** Whole targets, each a known trick on its own. */
export const BROWSER_NORMALISED_TRICKS: readonly string[] = [
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/%09/evil.example",
  "/%0A/evil.example",
  "/%0D%0A/evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5Cevil.example",
  "/%5cevil.example",
  "/%252F/evil.example",
  "/%25252F/evil.example",
  "/%2F%FF/evil.example",
  "/\u0000/evil.example",
  "/%00/evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/../evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E/%2Fevil.example",
  "/..%2F/evil.example",
  "http:evil.example",
  "http:/evil.example",
  "https://evil.example",
  "HTTPS://evil.example",
  "//evil.example@s7.localhost",
  "/\\/evil.example/",
  "javascript:alert(document.domain)",
  "java\tscript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "\uff0f\uff0fevil.example",
  "/\uff0fevil.example",
  "/\uff3cevil.example",
  "/\u2215\u2215evil.example",
  "/\u2044evil.example",
  "/\u3002evil.example",
  "/\u2028/evil.example",
  "/\u200b/evil.example",
  "/\ufeff/evil.example",
  "/\ud800/evil.example",
  "/dashboard/\u65e5\u672c",
  "/dashboard/caf\u00e9?q=\u00e9",
  "/dashboard/%E6%97%A5",
  "/dashboard/%FF",
];

const SCHEMES = ["", "", "", "", "http:", "https:", "HTTPS:", "javascript:", "data:", "blob:", "http:/", "ftp:"];
/** What stands where the second slash would: slashes, backslashes, their escapes and look-alikes, dot segments. */
const LEADS = ["/", "/", "\\", "%2F", "%2f", "%5C", "%5c", "%252F", "%255C", "\uff0f", "\uff3c", "\u2215", "\u2044", ".", "..", "%2e", "%2E%2E", "./", "../"];
/** What a browser strips or trips on, raw and escaped, and Unicode spaces it does not strip. */
const GAPS = ["\t", "\n", "\r", "%09", "%0A", "%0d", " ", "%20", "\u0000", "%00", "\u000b", "\u000c", "\u001f", "\u007f", "%7F", "\u0085", "%C2%85", "\u00a0", "\u2028", "\u200b", "\ufeff", "\u3000"];
const HOSTS = ["evil.example", "evil.example:8443", "user:pw@evil.example", "@evil.example", "evil.example%2F", "[::1]", "0x7f.1", "evil\u3002example", "s7.localhost.evil.example"];
const TAILS = ["", "/", "/x?y=1", "#top", "?redirect=//evil.example", "/..", "%2F..%2F", "/\u65e5"];

/** One target: a scheme (often none), a run of slashes, gaps and dots, a host, a tail; or one of the known tricks. */
export const redirectTrick: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...BROWSER_NORMALISED_TRICKS) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...SCHEMES),
        fc.array(fc.constantFrom(...LEADS, ...GAPS), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...HOSTS),
        fc.constantFrom(...TAILS),
      )
      .map(([scheme, parts, host, tail]) => `${scheme}${parts.join("")}${host}${tail}`),
  },
);
