import fs from "node:fs";
import { TELEGRAM_CODECS } from "../cargo/telegrams/codecs";
import { generateTelegram, parseTelegram } from "../cargo/telegrams/parse-telegram";
import { MAX_TELEGRAM_CHARS } from "../cargo/telegrams/telegram-lines";

/**
 * `npx cargo-imp` (issue 23; package.json "bin", run through bin/cargo-imp.mjs):
 *
 *   cargo-imp parse <file|->                 the ParsedTelegram as JSON on stdout; exit 0 clean, 1 with errors
 *   cargo-imp generate <type> <json-file|->  the telegram from its model JSON; exit 1 when the model cannot be written
 *
 * Exit 2 only for wrong usage: unknown command or type, a file that cannot be read, JSON that does not parse.
 * A developer's tool: its usage text is English only.
 */
const USAGE = `usage:
  cargo-imp parse <file|->                 print the parsed telegram as JSON (exit 0: clean, 1: with errors)
  cargo-imp generate <type> <json-file|->  write the telegram of <type> from its model JSON
types: ${Object.keys(TELEGRAM_CODECS).sort().join(", ")}
`;

/** Twice a telegram's longest text, read in chunks, so that a huge input is refused before it is held whole. */
const MAX_INPUT_BYTES = MAX_TELEGRAM_CHARS * 4;

export interface CliResult {
  code: 0 | 1 | 2;
  stdout: string;
  stderr: string;
}

function readInput(source: string): string {
  const fd = source === "-" ? 0 : fs.openSync(source, "r");
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    const buffer = Buffer.alloc(65_536);
    for (;;) {
      let read: number;
      try {
        read = fs.readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        // a non-blocking stdin with nothing yet: wait a little and read again
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
          continue;
        }
        if ((error as NodeJS.ErrnoException).code === "EOF") break;
        throw error;
      }
      if (read === 0) break;
      total += read;
      if (total > MAX_INPUT_BYTES) throw new Error(`input is longer than ${MAX_INPUT_BYTES} bytes`);
      chunks.push(Buffer.from(buffer.subarray(0, read)));
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    if (fd !== 0) fs.closeSync(fd);
  }
}

export function runCargoImp(args: readonly string[], read: (source: string) => string = readInput): CliResult {
  const usage = (why: string): CliResult => ({ code: 2, stdout: "", stderr: `cargo-imp: ${why}\n${USAGE}` });
  const [command, ...rest] = args;
  if (command === "parse" && rest.length === 1) {
    let text: string;
    try {
      text = read(rest[0]!);
    } catch (error) {
      return usage(`cannot read ${rest[0]}: ${(error as Error).message}`);
    }
    const parsed = parseTelegram(text);
    return { code: parsed.errors.length ? 1 : 0, stdout: `${JSON.stringify(parsed, null, 2)}\n`, stderr: "" };
  }
  if (command === "generate" && rest.length === 2) {
    const [type, source] = rest as [string, string];
    if (!TELEGRAM_CODECS[type.toUpperCase()]) return usage(`unknown telegram type ${type}`);
    let model: unknown;
    try {
      model = JSON.parse(read(source));
    } catch (error) {
      return usage(`cannot read the model JSON from ${source}: ${(error as Error).message}`);
    }
    try {
      return { code: 0, stdout: generateTelegram(type.toUpperCase(), model), stderr: "" };
    } catch (error) {
      // RangeError: the model is not one the codec can write; TypeError: it is not even shaped like one
      return { code: 1, stdout: "", stderr: `cargo-imp: the model cannot be written as ${type.toUpperCase()}: ${(error as Error).message}\n` };
    }
  }
  if (command === "--help" || command === "-h" || command === "help") return { code: 0, stdout: USAGE, stderr: "" };
  return usage(command ? `wrong arguments for ${command}` : "no command");
}

const result = runCargoImp(process.argv.slice(2));
process.stdout.write(result.stdout);
process.stderr.write(result.stderr);
process.exitCode = result.code;
