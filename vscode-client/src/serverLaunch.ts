/**
 * Which command line starts the language server, and which documents it serves, from the settings.
 * No VS Code import: the rules are unit-tested and shared by the start-up check.
 */

export interface LaunchSettings {
  command: readonly string[];
  python: string;
}

export interface ServerCommandLine {
  command: string;
  args: string[];
}

/** `longdoc.server.command` when set, else `<longdoc.server.python or python3> -m longdoc_server`. */
export function serverCommandLine(settings: LaunchSettings): ServerCommandLine {
  const custom = settings.command.map((part) => part.trim());
  if (custom.length > 0) {
    const [command, ...args] = custom;
    if (command === undefined || command === "") {
      throw new Error("longdoc.server.command must start with the program to run, got an empty first element");
    }
    return { command, args };
  }
  const python = settings.python.trim();
  return { command: python === "" ? "python3" : python, args: ["-m", "longdoc_server"] };
}

export function commandLineText(line: ServerCommandLine): string[] {
  return [line.command, ...line.args];
}

/** File and unsaved documents of the given languages; the extension's own window documents never. */
export function documentSelector(languages: readonly string[]): { language: string; scheme: string }[] {
  const unique = [...new Set(languages.map((language) => language.trim()).filter((language) => language !== ""))];
  return unique.flatMap((language) => [
    { language, scheme: "file" },
    { language, scheme: "untitled" },
  ]);
}

/** The server's own settings (section `longdoc`) as sent in initializationOptions and on change. */
export interface ServerSettings {
  maxTokens: number;
  topK: number;
  budget: number | null;
  include: string[];
  exclude: string[];
}

export function serverSettings(read: <T>(key: string, fallback: T) => T): ServerSettings {
  return {
    maxTokens: read("maxTokens", 256),
    topK: read("topK", 3),
    budget: read<number | null>("budget", null),
    include: read("include", ["**/*.txt", "**/*.md"]),
    exclude: read("exclude", ["**/.git/**", "**/node_modules/**"]),
  };
}
