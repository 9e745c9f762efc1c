/**
 * The server's operating-system process: a `--version` check before starting, and the running
 * process with the last line it wrote to stderr (its own words when it fails). No VS Code import.
 */

import { execFile, spawn, type ChildProcess } from "node:child_process";
import type { ServerCommandLine } from "./serverLaunch";

const VERSION_CHECK_MS = 20_000;

function lastLine(text: string): string {
  return text.trim().split("\n").at(-1)?.trim() ?? "";
}

/** Run `<line> --version`: the reason it failed (its last stderr line), or null when it answered. */
export function versionCheck(line: ServerCommandLine): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(line.command, [...line.args, "--version"], { timeout: VERSION_CHECK_MS }, (error, _stdout, stderr) => {
      if (error === null) resolve(null);
      else resolve(lastLine(stderr) || error.message);
    });
  });
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  private lastError = "";

  /** What the process last wrote to stderr ("" when nothing). */
  get lastStderrLine(): string {
    return this.lastError;
  }

  /** Start the server over stdio; rejects when the program cannot be run at all. */
  spawn(line: ServerCommandLine): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(line.command, line.args, { stdio: "pipe" });
      this.child = child;
      this.lastError = "";
      child.stderr.on("data", (chunk: Buffer) => {
        const last = lastLine(chunk.toString("utf8"));
        if (last !== "") this.lastError = last;
      });
      child.once("spawn", () => resolve(child));
      child.once("error", reject);
    });
  }

  /** Resolves once the process has exited and its output is read, or after `ms`. */
  closed(ms: number): Promise<void> {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      child.once("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** End the process if it still runs (a server that ignores the exit notification). */
  kill(): void {
    if (this.child !== undefined && this.child.exitCode === null) this.child.kill();
    this.child = undefined;
  }
}
