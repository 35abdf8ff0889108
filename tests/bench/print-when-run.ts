import { pathToFileURL } from "node:url";

/**
 * A bench part run on its own (`npx tsx tests/bench/ssr.ts`) prints its figures and exits; imported by run.ts it
 * does nothing here. `moduleUrl` is the part's import.meta.url.
 */
export function printWhenRun(moduleUrl: string, figures: () => Promise<string[]>) {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  figures().then(
    (lines) => {
      for (const line of lines) console.log(line);
      process.exit(0);
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
