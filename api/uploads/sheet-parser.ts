import { Worker } from "node:worker_threads";
import { uploadRefusal, type UploadRefusalCode, type UploadRefusalParams } from "./upload-refusals";

/**
 * How sheet parsing may use this process: each parse in its own worker thread with a small heap, a CPU budget and a
 * deadline, a few at once. A file that needs more is refused; the API's event loop never waits for the XML or CSV
 * parser.
 */
export const PARSE_LIMITS = {
  /** Heap of one parse: the streaming reader holds only the budgeted text (a 20 000 × 10 sheet reads in about 25 MB). */
  heapMb: 96,
  /**
   * CPU time of one parse, counted by the worker on its own thread: a 20 000 × 10 sheet takes about 1 s on the 2-core
   * CI machine. A wall-clock deadline alone refused that sheet whenever the machine was busy with other work.
   */
  cpuMs: 3_000,
  /** The deadline behind the CPU budget, for a parse that cannot count its time or is starved of it. */
  timeoutMs: 15_000,
  /** Parses at once per process (the API gets two cores at most), and parses that may wait for a turn. */
  parallel: 2,
  waiting: 4,
} as const;

/**
 * What one parse may read out of a file, counted inside the worker as it reads (sheet-budget.mjs): the zip checks
 * (archive-limits.ts) bound the archive, these bound what parsing makes of it.
 */
export interface SheetLimits {
  /** Rows that hold a value, below the header. */
  maxRows: number;
  /** The rightmost column a value may stand in. */
  maxColumns: number;
  /** Characters of one cell, of one row, and of every cell together (a shared string counts for each cell naming it). */
  maxCellChars: number;
  maxRowChars: number;
  maxTextChars: number;
  /** Entries of an XLSX's shared strings table (held while the sheet is read; each counts toward maxTextChars too). */
  maxSharedStrings: number;
}

export interface SheetRecord {
  /** 1-based row number in the sheet. */
  row: number;
  /** Cell texts from column A; a cell may be missing. */
  cells: Array<string | undefined>;
}

type WorkerAnswer = { rows: SheetRecord[] } | { refusal: { code: UploadRefusalCode; params: UploadRefusalParams } };

const WORKER_FILE = new URL("./parse-sheet.worker.mjs", import.meta.url);

let running = 0;
const turns: Array<() => void> = [];

async function takeTurn(): Promise<void> {
  if (running < PARSE_LIMITS.parallel) {
    running++;
    return;
  }
  if (turns.length >= PARSE_LIMITS.waiting) throw uploadRefusal("upload_busy", { retry_after_seconds: 60 }, { "retry-after": "60" });
  // The finishing parse hands its slot over (running stays the same).
  await new Promise<void>((resolve) => turns.push(resolve));
}

function giveTurnBack() {
  const next = turns.shift();
  if (next) next();
  else running--;
}

/** Rows of the first sheet (XLSX) or records (CSV) that hold a value, parsed in a worker thread within PARSE_LIMITS and `limits`. */
export async function parseSheetInWorker(format: "xlsx" | "csv", bytes: Buffer, limits: SheetLimits): Promise<SheetRecord[]> {
  await takeTurn();
  try {
    const answer = await runWorker(format, bytes, limits);
    if ("rows" in answer) return answer.rows;
    throw uploadRefusal(answer.refusal.code, answer.refusal.params);
  } finally {
    giveTurnBack();
  }
}

function runWorker(format: "xlsx" | "csv", bytes: Buffer, limits: SheetLimits): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { format, bytes, limits, cpuMs: PARSE_LIMITS.cpuMs },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      // Only what the parse needs: no environment, no inherited stdin.
      env: {},
      stdin: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      fn();
      void worker.terminate();
    };
    const deadline = setTimeout(() => settle(() => reject(uploadRefusal("sheet_too_slow", { seconds: PARSE_LIMITS.timeoutMs / 1000 }))), PARSE_LIMITS.timeoutMs);
    worker.once("message", (answer: WorkerAnswer) => settle(() => resolve(answer)));
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() => reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? uploadRefusal("sheet_too_much_memory") : err)),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`sheet parser exited with code ${code} before answering`))));
  });
}
