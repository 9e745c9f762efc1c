import { describe, expect, it } from "vitest";
import { documentSelector, serverCommandLine, serverSettings } from "../src/serverLaunch";

describe("server command line", () => {
  it("runs the module with python3 by default", () => {
    expect(serverCommandLine({ command: [], python: "" })).toEqual({ command: "python3", args: ["-m", "longdoc_server"] });
  });

  it("runs the module with the configured Python", () => {
    expect(serverCommandLine({ command: [], python: " /opt/venv/bin/python " })).toEqual({
      command: "/opt/venv/bin/python",
      args: ["-m", "longdoc_server"],
    });
  });

  it("uses a configured command line as given, program first", () => {
    expect(serverCommandLine({ command: ["longdoc", "serve", "--log-file", "/tmp/l.log"], python: "/ignored" })).toEqual({
      command: "longdoc",
      args: ["serve", "--log-file", "/tmp/l.log"],
    });
  });

  it("refuses a command line whose program is empty", () => {
    expect(() => serverCommandLine({ command: ["", "serve"], python: "" })).toThrowError(/longdoc\.server\.command must start with the program/);
  });
});

describe("document selector", () => {
  it("serves files and unsaved documents of each language once", () => {
    expect(documentSelector(["plaintext", "markdown", "plaintext", " "])).toEqual([
      { language: "plaintext", scheme: "file" },
      { language: "plaintext", scheme: "untitled" },
      { language: "markdown", scheme: "file" },
      { language: "markdown", scheme: "untitled" },
    ]);
  });
});

describe("server settings", () => {
  it("has the server's defaults when nothing is configured", () => {
    expect(serverSettings((_key, fallback) => fallback)).toEqual({
      maxTokens: 256,
      topK: 3,
      budget: null,
      include: ["**/*.txt", "**/*.md"],
      exclude: ["**/.git/**", "**/node_modules/**"],
    });
  });

  it("passes configured values through under the server's names", () => {
    const configured: Record<string, unknown> = { maxTokens: 512, topK: 5, budget: 2000, include: ["**/*.txt"] };
    const settings = serverSettings(<T>(key: string, fallback: T) => (key in configured ? (configured[key] as T) : fallback));
    expect(settings).toMatchObject({ maxTokens: 512, topK: 5, budget: 2000, include: ["**/*.txt"] });
  });
});
