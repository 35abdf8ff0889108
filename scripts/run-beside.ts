import { spawn } from "node:child_process";

/**
 * Runs commands side by side and answers their exit statuses in order. Each one's output is kept and printed whole
 * when it ends, so their lines do not interleave. Used where one of them mostly waits (a browser journey run keeps
 * about a third of the two cores busy) and the other can use what it leaves.
 */
export function runBeside(commands: Array<{ name: string; command: string; args: string[]; env?: NodeJS.ProcessEnv; cwd?: string }>): Promise<number[]> {
  return Promise.all(
    commands.map(
      ({ name, command, args, env, cwd }) =>
        new Promise<number>((resolve) => {
          const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("close", (code) => {
            process.stdout.write(`\n--- ${name} (exit ${code ?? "signal"}) ---\n`);
            process.stdout.write(Buffer.concat(output));
            resolve(code ?? 1);
          });
        }),
    ),
  );
}
