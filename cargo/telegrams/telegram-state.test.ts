import { describe, expect, it } from "vitest";
import { PARSING_STATUSES, PROCESSING_STATUSES, TELEGRAM_STATES, telegramAllows, telegramState } from "./telegram-state";

describe("a telegram's state", () => {
  it("reads the two statuses as one state, every pair landing on a state of the graph", () => {
    expect(telegramState("pending", "pending")).toBe("queued");
    expect(telegramState("parsed", "processing")).toBe("processing");
    expect(telegramState("failed", "skipped")).toBe("parse_failed");
    expect(telegramState("parsed", "failed")).toBe("processing_failed");
    expect(telegramState("parsed", "rejected")).toBe("rejected");
    expect(telegramState("parsed", "processed")).toBe("processed");
    for (const p of PARSING_STATUSES) for (const q of PROCESSING_STATUSES) expect(TELEGRAM_STATES).toContain(telegramState(p, q));
  });

  it("lets a person correct or restart what failed, restart what was applied, and touch nothing the queue holds", () => {
    expect(telegramAllows("parse_failed", "correct")).toBe(true);
    expect(telegramAllows("rejected", "restart")).toBe(true);
    expect(telegramAllows("processed", "restart")).toBe(true);
    expect(telegramAllows("processed", "correct")).toBe(false);
    expect(telegramAllows("queued", "restart")).toBe(false);
    expect(telegramAllows("processing", "correct")).toBe(false);
  });
});
