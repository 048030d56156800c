/** One way for the CLI tests to run a script as a user would: a child process, its exit status and both streams. */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PROJECT_ROOT = join(__dirname, "..", "..");

export type ScriptRun = { status: number | null; stdout: string; stderr: string };

/**
 * Runs `node --import tsx <script> …args` from the project's root. Node itself rather than `npx tsx`: the same
 * loader without npx resolving the binary on every run, which is most of a short run's time on a small machine.
 */
export function runScript(
  script: string,
  args: readonly string[],
  environment?: Record<string, string>,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: PROJECT_ROOT,
      env: environment === undefined ? process.env : { ...process.env, ...environment },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * Runs the script as `… | head -c <bytes>` would: the reader closes stdout after `bytes` bytes while the script is
 * still writing. Returns the script's own exit status and stderr.
 */
export function runScriptClosedEarly(script: string, args: readonly string[], bytes = 1): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: PROJECT_ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.length >= bytes) child.stdout.destroy();
    });
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** A file with the given text in a fresh temporary folder (named after the test's prefix), for a CLI to read. */
export function temporaryFile(prefix: string, name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), `${prefix}-`)), name);
  writeFileSync(path, text);
  return path;
}
