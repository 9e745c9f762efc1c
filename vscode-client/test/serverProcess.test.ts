import { describe, expect, it } from "vitest";
import { ServerProcess, versionCheck } from "../src/serverProcess";

const python = (code: string) => ({ command: "python3", args: ["-c", code] });

describe("version check", () => {
  it("passes for the project's server module", async () => {
    expect(await versionCheck({ command: "python3", args: ["-m", "longdoc_server"] })).toBeNull();
  });

  it("reports a program that does not exist", async () => {
    expect(await versionCheck({ command: "/nonexistent/bin/python3", args: ["-m", "longdoc_server"] })).toMatch(/ENOENT/);
  });

  it("reports Python's own words for a module that is not installed", async () => {
    expect(await versionCheck({ command: "python3", args: ["-m", "no_such_module_for_longdoc"] })).toMatch(
      /No module named no_such_module_for_longdoc$/,
    );
  });
});

describe("server process", () => {
  it("keeps the last line a failing server wrote to stderr", async () => {
    const process = new ServerProcess();
    await process.spawn(python("import sys; sys.stderr.write('starting\\nImportError: no pygls\\n'); sys.exit(3)"));
    await process.closed(10_000);
    expect(process.lastStderrLine).toBe("ImportError: no pygls");
  });

  it("rejects a program that cannot be run", async () => {
    await expect(new ServerProcess().spawn({ command: "/nonexistent/bin/server", args: [] })).rejects.toThrow(/ENOENT/);
  });

  it("ends a server that is still running", async () => {
    const process = new ServerProcess();
    const child = await process.spawn(python("import sys; sys.stdin.read()"));
    process.kill();
    await new Promise((resolve) => child.once("close", resolve));
    expect(child.signalCode).toBe("SIGTERM");
  });
});
