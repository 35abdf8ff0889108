import fs from "node:fs";
import path from "node:path";
import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import { printWhenRun } from "./print-when-run";

/**
 * Cargo-IMP parsing on one core (DESIGN §6: at least 20 000 messages/s): full FWBs, the whole path a received
 * telegram takes (lines read, envelope, codec), in this one thread. Counted per second of this process's CPU time
 * (the one core's share it got) and per second of wall time (what a busy machine left of it).
 * `npx tsx tests/bench/telegram-parsing.ts` alone, or `npm run bench telegrams`.
 */
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/telegrams/fwb");
const SAMPLES = ["fwb16-consolidation.txt", "fwb17-direct.txt", "fwb16-typeb-messy.txt"];
const REQUIRED_PER_SECOND = 20_000;

export async function telegramParsingFigures(): Promise<string[]> {
  const texts = SAMPLES.map((name) => fs.readFileSync(path.join(FIXTURES, name), "utf8"));
  const parseFor = (ms: number) => {
    let count = 0;
    const start = performance.now();
    const cpu = process.cpuUsage();
    while (performance.now() - start < ms) {
      for (let i = 0; i < 100; i++) {
        const parsed = parseTelegram(texts[count % texts.length]!);
        if (!parsed.message) throw new Error("a bench FWB did not parse");
        count += 1;
      }
    }
    const used = process.cpuUsage(cpu);
    return { cpu: count / ((used.user + used.system) / 1e6), wall: count / ((performance.now() - start) / 1000) };
  };
  parseFor(300); // warm-up: the JIT, not the parser, would be measured otherwise
  const rate = parseFor(2_000);
  const verdict = rate.cpu >= REQUIRED_PER_SECOND ? "ok" : `BELOW ${REQUIRED_PER_SECOND.toLocaleString("en-US")}`;
  const n = (x: number) => Math.round(x).toLocaleString("en-US");
  return [`  FWB parsing (one core)     ${n(rate.cpu)} messages per CPU second (${verdict}), ${n(rate.wall)} per wall second  (full waybills, envelope and line reading included)`];
}

printWhenRun(import.meta.url, telegramParsingFigures);
