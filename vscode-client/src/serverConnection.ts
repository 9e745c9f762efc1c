/**
 * The language client: starts longdoc_server as the settings say, restarts it when they change,
 * forwards the server's settings, and runs its `longdoc.*` commands with readable errors.
 */

import * as vscode from "vscode";
import {
  CloseAction,
  DidChangeConfigurationNotification,
  type ErrorHandler,
  ExecuteCommandRequest,
  LanguageClient,
  ResponseError,
  RevealOutputChannelOn,
  State,
  type LanguageClientOptions,
} from "vscode-languageclient/node";
import { serverStartFailure } from "./presentation";
import type { SelectionSettings, ServerCommandName } from "./protocol";
import { commandLineText, documentSelector, serverCommandLine, serverSettings, type ServerCommandLine } from "./serverLaunch";
import { ServerProcess, versionCheck } from "./serverProcess";

export type ServerState = "starting" | "running" | "stopped" | "failed";

/** Settings whose change needs a new server process rather than a didChangeConfiguration. */
const RESTART_KEYS = ["longdoc.server.command", "longdoc.server.python", "longdoc.documentSelector"];
const RESTARTS_AFTER_CRASH = 4;
const STDERR_WAIT_MS = 1_000;

function configuration(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration("longdoc");
}

function readSetting<T>(key: string, fallback: T): T {
  return configuration().get<T>(key, fallback);
}

export class ServerConnection implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<void> = Promise.resolve();
  private readonly process = new ServerProcess();
  private currentState: ServerState = "stopped";
  private readonly stateChanged = new vscode.EventEmitter<ServerState>();
  private readonly subscriptions: vscode.Disposable[] = [];
  readonly onDidChangeState = this.stateChanged.event;

  constructor(private readonly output: vscode.LogOutputChannel) {
    this.subscriptions.push(
      this.stateChanged,
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (RESTART_KEYS.some((key) => event.affectsConfiguration(key))) void this.restart();
        else if (event.affectsConfiguration("longdoc")) void this.sendSettings();
      }),
    );
  }

  get state(): ServerState {
    return this.currentState;
  }

  /** The running client, for standard LSP requests; undefined while the server is not running. */
  get languageClient(): LanguageClient | undefined {
    return this.currentState === "running" ? this.client : undefined;
  }

  languages(): string[] {
    return readSetting<string[]>("documentSelector", ["plaintext", "markdown"]);
  }

  selectionSettings(): SelectionSettings {
    const settings = serverSettings(readSetting);
    return { topK: settings.topK, budget: settings.budget };
  }

  /** Start the server; commands run meanwhile wait for it. */
  start(): Promise<void> {
    this.starting = this.launch();
    return this.starting;
  }

  private async launch(): Promise<void> {
    let line: ServerCommandLine;
    try {
      line = serverCommandLine({
        command: readSetting<string[]>("server.command", []),
        python: readSetting("server.python", ""),
      });
    } catch (error) {
      this.fail([], error instanceof Error ? error.message : String(error));
      return;
    }
    this.setState("starting");
    // The default command is known to accept --version; a custom one may not, so it is only started.
    if (readSetting<string[]>("server.command", []).length === 0) {
      const problem = await versionCheck(line);
      if (problem !== null) {
        this.fail(commandLineText(line), problem);
        return;
      }
    }
    let crashes: ErrorHandler | undefined;
    const afterCrash = (): ErrorHandler => (crashes ??= client.createDefaultErrorHandler(RESTARTS_AFTER_CRASH));
    const clientOptions: LanguageClientOptions = {
      documentSelector: documentSelector(this.languages()),
      initializationOptions: { longdoc: serverSettings(readSetting) },
      outputChannel: this.output,
      revealOutputChannelOn: RevealOutputChannelOn.Never,
      // The failure is reported once, by fail() below, with the command line and what to install.
      initializationFailedHandler: () => false,
      errorHandler: {
        error: (error, message, count) => afterCrash().error(error, message, count),
        // A server that never started is not restarted: it would fail the same way.
        closed: () =>
          this.currentState === "running" ? afterCrash().closed() : { action: CloseAction.DoNotRestart, handled: true },
      },
    };
    const client = new LanguageClient("longdoc", "Longdoc", () => this.process.spawn(line), clientOptions);
    this.client = client;
    client.onDidChangeState((event) => {
      if (event.newState === State.Stopped && this.client === client && this.currentState === "running") {
        this.setState("stopped");
      }
    });
    try {
      await client.start();
      this.setState("running");
    } catch (error) {
      // The server's own last words (say "No module named longdoc_server") explain more than the client's.
      await this.process.closed(STDERR_WAIT_MS);
      this.fail(commandLineText(line), this.process.lastStderrLine || (error instanceof Error ? error.message : String(error)));
    }
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.needsStop()) await client.stop().catch((error: unknown) => this.output.warn(`stop: ${String(error)}`));
    // The client only asks the server to exit; a server that hangs is ended here.
    this.process.kill();
    this.setState("stopped");
  }

  /** Run one server command with its argument object; server errors become Error with its message. */
  async execute(command: ServerCommandName, argument: object, token?: vscode.CancellationToken): Promise<unknown> {
    await this.starting;
    const client = this.languageClient;
    if (client === undefined) {
      throw new Error(`the longdoc server is ${this.currentState}; see the Longdoc output channel`);
    }
    try {
      return await client.sendRequest(ExecuteCommandRequest.type, { command, arguments: [argument] }, token);
    } catch (error) {
      if (error instanceof ResponseError) throw new Error(error.message);
      throw error;
    }
  }

  dispose(): void {
    void this.stop();
    for (const subscription of this.subscriptions) subscription.dispose();
  }

  private async sendSettings(): Promise<void> {
    await this.languageClient?.sendNotification(DidChangeConfigurationNotification.type, {
      settings: { longdoc: serverSettings(readSetting) },
    });
  }

  private fail(commandLine: string[], reason: string): void {
    const message = serverStartFailure(commandLine, reason);
    this.output.error(message);
    this.setState("failed");
    void vscode.window.showErrorMessage(message, "Open Settings", "Show Output").then((choice) => {
      if (choice === "Open Settings") void vscode.commands.executeCommand("workbench.action.openSettings", "longdoc.server");
      if (choice === "Show Output") this.output.show();
    });
  }

  private setState(state: ServerState): void {
    this.currentState = state;
    this.stateChanged.fire(state);
  }
}
