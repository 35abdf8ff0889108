import v8 from "node:v8";
import vm from "node:vm";

/**
 * One full garbage collection, now. A start leaves garbage that an idle process never collects: on a fresh data
 * directory PGlite's initdb runs in two WebAssembly instances of its own (about 300 MB) that are unreachable once the
 * database is open, and V8 only frees a WebAssembly memory in a full collection, which nothing triggers while the
 * service waits for its first request (docs/memory.md). `gc` is exposed to a new context only, not to this one.
 */
export function collectGarbage(): void {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}
