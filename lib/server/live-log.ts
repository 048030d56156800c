/**
 * The live routes' logger: one JSON line per event, every line passed through redaction (the keys in use and
 * anything key-shaped) before it is written anywhere. Route code logs through this and never through console
 * directly, and never logs request bodies or headers.
 */
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { redactSecrets } from "../live/redact";

export type LiveLogger = {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
};

export type LiveLoggerOptions = {
  /** Every secret this request could touch: the server's keys and the pasted key. */
  secrets: readonly string[];
  file?: string;
  /** False: no console lines (PLAYGROUND_LIVE_LOG=off). */
  console?: boolean;
  /** Where lines go besides the file; tests capture them. */
  write?: (line: string, level: "info" | "warn") => void;
};

function defaultWrite(line: string, level: "info" | "warn"): void {
  if (level === "warn") console.warn(line);
  else process.stdout.write(`${line}\n`);
}

export function createLiveLogger(options: LiveLoggerOptions): LiveLogger {
  const write = options.write ?? defaultWrite;
  const log = (level: "info" | "warn", event: string, fields: Record<string, unknown> = {}) => {
    let line: string;
    try {
      line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields });
    } catch {
      line = JSON.stringify({ time: new Date().toISOString(), level, event, note: "fields not serialisable" });
    }
    const safe = redactSecrets(line, options.secrets);
    if (options.console !== false) write(safe, level);
    if (options.file) {
      try {
        mkdirSync(dirname(options.file), { recursive: true });
        appendFileSync(options.file, `${safe}\n`);
      } catch {
        // A log file is a convenience; a failing disk must not fail the request.
      }
    }
  };
  return { info: (event, fields) => log("info", event, fields), warn: (event, fields) => log("warn", event, fields) };
}
