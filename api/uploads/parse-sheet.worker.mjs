// One uploaded sheet, parsed in a worker thread (see sheet-parser.ts): a slow or huge file then costs this thread's
// bounded heap and time, never the API's event loop, and what it may read out of the file is counted against the
// limits as it is read (sheet-budget.mjs). Plain JavaScript, so that it loads the same way under tsx (npm start,
// npm run api) and under vitest, neither of which hands its TypeScript loader to worker threads.
import { parentPort, workerData } from "node:worker_threads";
import { SheetBudget, SheetRefusal } from "./sheet-budget.mjs";

const { format, bytes, limits, cpuMs } = workerData;
const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const budget = new SheetBudget(limits, cpuMs);
let answer;
try {
  // only the reader of this format is loaded: a worker starts for every file
  const rows = format === "xlsx" ? await (await import("./xlsx-rows.mjs")).readXlsxRows(buffer, budget) : (await import("./csv-rows.mjs")).readCsvRows(buffer, budget);
  answer = { rows };
} catch (err) {
  if (!(err instanceof SheetRefusal)) throw err;
  answer = { refusal: { code: err.code, params: err.params } };
}
parentPort.postMessage(answer);
