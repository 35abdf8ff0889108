import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

export async function waitForPort(port: number, what: string, child: ChildProcess, logFile: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${what} exited:\n${tail(logFile)}`);
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${timeoutMs / 1000} s:\n${tail(logFile)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").split("\n").slice(-30).join("\n");
  } catch {
    return "(no log)";
  }
}

/** A process of the cluster, its output appended to its own log file; in its own process group so it stops whole. */
export function spawnLogged(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, "a");
  const child = spawn(command, args, { env, detached: true, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  return child;
}

/** Stops a process group: SIGTERM, then SIGKILL after `graceMs`. `signal` SIGKILL kills at once (a crash). */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }, graceMs);
  await exited;
  clearTimeout(timer);
}
