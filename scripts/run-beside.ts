import { spawn } from "node:child_process";

export interface Command {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/** Runs one command; its output is kept and printed whole when it ends, so that side-by-side lines do not interleave. */
function runKept({ name, command, args, env, cwd }: Command): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (code) => {
      process.stdout.write(`\n--- ${name} (exit ${code ?? "signal"}) ---\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/**
 * Runs lanes side by side, each lane's commands one after another (all of them, also after a failure, so that one
 * run reports every failure), and answers each lane's first non-zero status, or 0. Used where one lane mostly waits
 * (a browser journey run keeps about a third of the two cores busy) and the other can use what it leaves.
 */
export function runBeside(lanes: Command[][]): Promise<number[]> {
  return Promise.all(
    lanes.map(async (lane) => {
      let status = 0;
      for (const command of lane) {
        const code = await runKept(command);
        status ||= code;
      }
      return status;
    }),
  );
}
