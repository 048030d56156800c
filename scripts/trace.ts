/**
 * npm run trace -- <file.jsonl | file.har> [--provider <id>] [--model <id>] [--json]
 * Explains a recorded agent trace: each request's cache reads and writes as the provider's rules give them for the
 * body as sent, the miss named in words, the measured usage beside the prediction, money lost by cause, and the
 * same conversation replayed under every strategy. Exit 2 when the file cannot be read at all.
 */
import fs from "node:fs";
import path from "node:path";
import { analyseTrace, formatTraceTable, traceJson } from "../lib/trace";
import { PROVIDER_IDS, type ProviderId } from "../lib/core/ids";
import { exitQuietlyOnClosedPipe } from "./exit-on-closed-pipe";

type Arguments = { file: string; provider?: ProviderId; model?: string; json: boolean };

function fail(message: string): never {
  console.error(`trace: ${message.replace(/^trace: /, "")}`);
  process.exit(2);
}

function usage(message: string): never {
  console.error(`trace: ${message}`);
  console.error("usage: npm run trace -- <file.jsonl | file.har> [--provider <id>] [--model <id>] [--json]");
  console.error(`providers: ${PROVIDER_IDS.join(", ")}`);
  process.exit(2);
}

function parseArguments(argv: string[]): Arguments {
  const result: Partial<Arguments> = { json: false };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    const value = () => argv[++index] ?? usage(`${argument} needs a value`);
    if (argument === "--provider") {
      const provider = value();
      if (!PROVIDER_IDS.includes(provider as ProviderId)) usage(`unknown provider ${provider}`);
      result.provider = provider as ProviderId;
    } else if (argument === "--model") result.model = value();
    else if (argument === "--json") result.json = true;
    else if (argument.startsWith("--")) usage(`unknown option ${argument}`);
    else if (!result.file) result.file = argument;
    else usage(`unexpected argument ${argument}`);
  }
  if (!result.file) usage("a trace file is required");
  return result as Arguments;
}

function main(): void {
  exitQuietlyOnClosedPipe();
  const args = parseArguments(process.argv.slice(2));
  let text: string;
  try {
    text = fs.readFileSync(args.file, "utf8");
  } catch (error) {
    fail(`cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const result = analyseTrace(text, {
    provider: args.provider,
    model: args.model,
    title: `Trace ${path.basename(args.file)}`,
  });
  if (!result.ok) fail(`${args.file}: ${result.error.replace(/^trace: /, "")}`);
  if (args.json) console.log(JSON.stringify(traceJson(result.analysis), null, 2));
  else console.log(formatTraceTable(result.analysis));
}

main();
