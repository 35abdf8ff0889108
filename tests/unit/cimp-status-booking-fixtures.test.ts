import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generateTelegram, parseTelegram } from "../../cargo/telegrams/parse-telegram";

/**
 * The FSU, FSA, FFR, FFA, FNA and FMA fixtures (tests/fixtures/telegrams/<type>/*.txt, issue 23): telegrams written
 * after public traffic, clean and messy (envelopes with SOH/STX/ETX, CRLF, lower case, numbers without the hyphen,
 * trailing spaces, unknown codes, lines cut short), each with the errors it must give: [line, code, what]. A fixture
 * added to these directories without its expectation fails here. Those that parse cleanly must also write back
 * to the same model.
 */
const EXPECTED: Record<string, Array<[number, string, string]>> = {
  "fsu/bad-elements.txt": [
    [3, "bad_field", "day and time"],
    [4, "bad_field", "discrepancy code"],
    [5, "bad_field", "quantity detail"],
    [6, "bad_field", "ULD"],
    [7, "unexpected_line", "HELLO WORL"],
  ],
  "fsu/discrepancy-offloaded.txt": [],
  "fsu/every-status-crlf.txt": [],
  "fsu/line-cut-short.txt": [
    [4, "bad_field", "flight day"],
    [4, "missing_field", "airports"],
  ],
  "fsu/lower-case-no-hyphen-trailing-spaces.txt": [],
  "fsu/station-and-flight.txt": [],
  "fsu/type-b-envelope-soh-stx-etx.txt": [],
  "fsu/unknown-status-code.txt": [[4, "unknown_status", "FIW"]],
  "fsa/delivered.txt": [],
  "fsa/envelope-crlf.txt": [],
  "fsa/wrong-check-digit.txt": [[2, "bad_awb_number", ""]],
  "ffr/cut-short.txt": [
    [4, "missing_field", "airports"],
    [4, "missing_field", "space allocation code"],
  ],
  "ffr/envelope-lower-case.txt": [],
  "ffr/two-legs.txt": [],
  "ffr/unknown-allocation-code.txt": [[3, "bad_field", "space allocation code"]],
  "ffa/confirmed.txt": [],
  "ffa/no-flight.txt": [[2, "missing_line", "flight"]],
  "ffa/waitlisted-envelope.txt": [],
  "fna/envelope-inside.txt": [],
  "fna/no-ack.txt": [[2, "missing_line", "ACK"]],
  "fna/rejected-ffr-two-reasons.txt": [],
  "fna/rejected-fwb.txt": [],
  "fma/accepted-with-original.txt": [],
  "fma/accepted.txt": [],
};

const ROOT = path.resolve("tests/fixtures/telegrams");
const DIRECTORIES = ["fsu", "fsa", "ffr", "ffa", "fna", "fma"];
const what = (params: Record<string, string | number> | undefined) => String(params?.field ?? params?.what ?? params?.tag ?? params?.code ?? "");

describe("FSU, FSA, FFR, FFA, FNA and FMA fixtures", () => {
  it("has an expectation for every fixture", () => {
    const files = DIRECTORIES.flatMap((dir) => fs.readdirSync(path.join(ROOT, dir)).map((file) => `${dir}/${file}`));
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))("%s gives its errors on their lines", (file, errors) => {
    const parsed = parseTelegram(fs.readFileSync(path.join(ROOT, file), "utf8"));
    expect(parsed.type).toBe(file.slice(0, 3).toUpperCase());
    expect(parsed.errors.map((e) => [e.line, e.code, what(e.params)])).toEqual(errors);
    if (errors.length || !parsed.message) return;
    expect(parseTelegram(generateTelegram(parsed.type!, parsed.message)).message).toEqual(parsed.message);
  });
});
