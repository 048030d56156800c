/**
 * npm run tap -- list
 * npm run tap -- export <session-id | latest> [--format jsonl|har] [--out <file>]
 *
 * Reads what the recording tap stored (the SQLite file under PLAYGROUND_DATA_DIR, default ./data, the folder
 * `npm start` uses): lists the sessions, or writes one as JSON Lines or HAR, which `npm run trace` reads back to the
 * explanation the page's Tap view shows. The store is opened read-only, so a running server keeps recording.
 * Bad input exits 2 with a one-line reason.
 */
import fs from "node:fs";
import path from "node:path";
import { exchangesToHar, exchangesToJsonl, TAP_EXPORT_FORMATS, type TapExportFormat } from "../lib/tap/export";
import { TapStore, tapStoreOptionsFromEnv } from "../lib/server/store/sqlite-tap-store";

const USAGE = "usage: npm run tap -- list | export <session-id|latest> [--format jsonl|har] [--out <file>]";

function fail(message: string): never {
  console.error(`tap: ${message}`);
  process.exit(2);
}

type Command = { kind: "list" } | { kind: "export"; session: string; format: TapExportFormat; out: string | null };

function parseArguments(argv: readonly string[]): Command {
  const [command, ...rest] = argv;
  if (command === "list") {
    if (rest.length > 0) fail(`list takes no arguments (got ${rest[0]}); ${USAGE}`);
    return { kind: "list" };
  }
  if (command !== "export") fail(command ? `unknown command ${command}; ${USAGE}` : USAGE);
  let session: string | null = null;
  let format: TapExportFormat = "jsonl";
  let out: string | null = null;
  for (let index = 0; index < rest.length; index += 1) {
    const argument = rest[index];
    const value = () => rest[++index] ?? fail(`${argument} needs a value`);
    if (argument === "--format") {
      const chosen = value();
      if (!TAP_EXPORT_FORMATS.includes(chosen as TapExportFormat))
        fail(`unknown format ${chosen}; use ${TAP_EXPORT_FORMATS.join(" or ")}`);
      format = chosen as TapExportFormat;
    } else if (argument === "--out") out = value();
    else if (argument.startsWith("--")) fail(`unknown option ${argument}; ${USAGE}`);
    else if (session === null) session = argument;
    else fail(`one session at a time (got ${session} and ${argument})`);
  }
  if (session === null) fail(`export needs a session id or latest; ${USAGE}`);
  return { kind: "export", session, format, out };
}

function openStore(): TapStore | null {
  const options = tapStoreOptionsFromEnv();
  if (!fs.existsSync(path.join(options.directory, "tap.sqlite"))) return null;
  try {
    return new TapStore({ ...options, readonly: true });
  } catch (error) {
    fail(`cannot open the store in ${options.directory}: ${(error as Error).message}`);
  }
}

function main(): void {
  const command = parseArguments(process.argv.slice(2));
  const store = openStore();
  const directory = tapStoreOptionsFromEnv().directory;
  if (command.kind === "list") {
    const sessions = store?.sessions() ?? [];
    if (sessions.length === 0) {
      console.log(`No tap sessions recorded in ${directory}.`);
      return;
    }
    console.log("session\tprovider\tstarted\tlast request\trequests\tconversations\tincomplete");
    for (const session of sessions)
      console.log(
        [
          session.id,
          session.provider,
          new Date(session.startedAtMs).toISOString(),
          new Date(session.lastAtMs).toISOString(),
          session.requests,
          session.conversations,
          session.incomplete,
        ].join("\t"),
      );
    return;
  }
  if (!store) fail(`no tap recordings in ${directory} (set PLAYGROUND_DATA_DIR to the server's data folder)`);
  const session = store.resolveSession(command.session);
  if (!session)
    fail(
      command.session === "latest"
        ? `no sessions recorded in ${directory}`
        : `no session ${command.session} (npm run tap -- list shows the ids)`,
    );
  const exchanges = store.exchanges(session.id);
  const text = command.format === "har" ? exchangesToHar(session, exchanges) : exchangesToJsonl(exchanges);
  store.close();
  if (command.out === null) {
    process.stdout.write(text);
    return;
  }
  try {
    fs.writeFileSync(command.out, text);
  } catch (error) {
    fail(`cannot write ${command.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  console.error(`tap: wrote ${exchanges.length} requests of session ${session.id} to ${command.out}`);
}

main();
