import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TELEGRAM_ERROR_TEXT } from "../../cargo/telegrams/telegram-error";

/**
 * A telegram's errors are shown on its page by code (issue 23, DESIGN §4b): every code a parser may report has words
 * in every language, with only the parameters the parser sends (those of its English sentence).
 */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!).sort();

describe("telegram error codes", () => {
  it.each(["en", "ru", "es"])("%s words every code with the parameters the parsers send", (lng) => {
    const words: Record<string, string> = JSON.parse(fs.readFileSync(path.resolve("locales", lng, "telegrams.json"), "utf8")).errors;
    for (const [code, english] of Object.entries(TELEGRAM_ERROR_TEXT)) {
      expect(words[code], `${lng} ${code}`).toBeTruthy();
      expect(placeholders(words[code]!), `${lng} ${code}`).toEqual(placeholders(english));
    }
  });
});

/**
 * What processing did is shown by its notes' codes (api/telegrams/processing-note.ts): every code an applier writes
 * (read off its source, so a new code cannot be forgotten) has words in every language.
 */
describe("telegram processing note codes", () => {
  const dir = path.resolve("api", "telegrams");
  const written = new Set(
    fs
      .readdirSync(dir)
      .filter((f) => f.startsWith("apply-") || f === "telegram-job.ts")
      .flatMap((f) => [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/code: "([a-z_]+)"/g)].map((m) => m[1]!)),
  );
  it("are found in the appliers' source", () => {
    expect(written.size).toBeGreaterThan(10);
  });
  it.each(["en", "ru", "es"])("%s words every code an applier writes", (lng) => {
    const words: Record<string, string> = JSON.parse(fs.readFileSync(path.resolve("locales", lng, "telegrams.json"), "utf8")).processingNotes;
    for (const code of written) expect(words[code], `${lng} ${code}`).toBeTruthy();
  });
});

/** What processing an incoming message found (api/messages/message-job.ts): every code it writes has words in every language. */
describe("incoming message note codes", () => {
  const written = new Set([...fs.readFileSync(path.resolve("api", "messages", "message-job.ts"), "utf8").matchAll(/code: (?:created \? )?"([a-z_]+)"(?: : "([a-z_]+)")?/g)].flatMap((m) => [m[1]!, ...(m[2] ? [m[2]] : [])]));
  it("are found in the job's source", () => {
    expect(written).toContain("message_telegram_known");
    expect(written.size).toBeGreaterThanOrEqual(7);
  });
  it.each(["en", "ru", "es"])("%s words every code the job writes", (lng) => {
    const words: Record<string, string> = JSON.parse(fs.readFileSync(path.resolve("locales", lng, "incoming.json"), "utf8")).notes;
    for (const code of written) expect(words[code], `${lng} ${code}`).toBeTruthy();
  });
});
