import { Worker } from "node:worker_threads";
import { HttpError } from "../http/errors";

/**
 * How sheet parsing may use this process: each parse in its own worker thread with a small heap and a deadline, a few
 * at once. A file that needs more is refused; the API's event loop never waits for ExcelJS or csv-parse.
 */
export const PARSE_LIMITS = {
  /** Heap of one parse; a sheet of 20 000 rows needs about 70 MB under ExcelJS. */
  heapMb: 96,
  timeoutMs: 5_000,
  /** Parses at once per process (the API gets two cores at most), and parses that may wait for a turn. */
  parallel: 2,
  waiting: 4,
} as const;

export interface SheetLimits {
  maxRows: number;
  maxColumns: number;
  /** Characters of one CSV record. */
  maxRecordChars: number;
}

export interface SheetRecord {
  /** 1-based row number in the sheet. */
  row: number;
  /** Cell texts from column A; a cell may be missing. */
  cells: Array<string | undefined>;
}

type WorkerAnswer = { rows: SheetRecord[] } | { problem: "unreadable" | "too-many-rows" | "too-many-columns"; detail?: string };

const WORKER_FILE = new URL("./parse-sheet.worker.mjs", import.meta.url);

let running = 0;
const turns: Array<() => void> = [];

async function takeTurn(): Promise<void> {
  if (running < PARSE_LIMITS.parallel) {
    running++;
    return;
  }
  if (turns.length >= PARSE_LIMITS.waiting) {
    throw new HttpError(429, { errors: { file: ["cannot be read now: the server is reading other files; try again in a minute"] } }, { "retry-after": "60" });
  }
  // The finishing parse hands its slot over (running stays the same).
  await new Promise<void>((resolve) => turns.push(resolve));
}

function giveTurnBack() {
  const next = turns.shift();
  if (next) next();
  else running--;
}

const refusal = (status: number, message: string) => new HttpError(status, { errors: { file: [message] } });

/** Non-empty rows of the first sheet (XLSX) or every record (CSV), parsed in a worker thread within PARSE_LIMITS. */
export async function parseSheetInWorker(format: "xlsx" | "csv", bytes: Buffer, limits: SheetLimits): Promise<SheetRecord[]> {
  await takeTurn();
  try {
    const answer = await runWorker(format, bytes, limits);
    if ("rows" in answer) return answer.rows;
    switch (answer.problem) {
      case "too-many-rows":
        throw refusal(413, `has more than ${limits.maxRows} rows; split it into smaller files`);
      case "too-many-columns":
        throw refusal(413, `has more than ${limits.maxColumns} columns`);
      default:
        throw refusal(422, format === "xlsx" ? "is not a readable XLSX file" : `is not a readable CSV file${answer.detail ? `: ${answer.detail}` : ""}`);
    }
  } finally {
    giveTurnBack();
  }
}

function runWorker(format: "xlsx" | "csv", bytes: Buffer, limits: SheetLimits): Promise<WorkerAnswer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { format, bytes, limits },
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
    const deadline = setTimeout(
      () => settle(() => reject(refusal(422, `could not be read within ${PARSE_LIMITS.timeoutMs / 1000} s; split it into smaller files`))),
      PARSE_LIMITS.timeoutMs,
    );
    worker.once("message", (answer: WorkerAnswer) => settle(() => resolve(answer)));
    worker.once("error", (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? refusal(413, "needs more memory to read than an upload may use; split it into smaller files")
            : err,
        ),
      ),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`sheet parser exited with code ${code} before answering`))));
  });
}
