/**
 * npm run bench:share — share links, measured (never asserted in tests): for every shipped example, the link's
 * length and the time to encode it (scenario → compressed fragment) and to open it (fragment → validated
 * scenario), median of several runs. Shows where a link stops being practical and a short link takes over.
 */
import os from "node:os";
import { EXAMPLES, loadExample } from "../lib/examples";
import { decodeSharePayload, encodeWorkspace, linkSizeVerdict } from "../lib/share";

const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timed<T>(action: () => T): { value: T; milliseconds: number } {
  const started = performance.now();
  const value = action();
  return { value, milliseconds: performance.now() - started };
}

async function main(): Promise<void> {
  console.log(
    `share links — Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log("example                 tools   scenario JSON      link chars   verdict     encode ms   open ms");
  for (const example of EXAMPLES) {
    const scenario = await loadExample(example.id);
    const workspace = { scenario, strategyId: "gateway" as const, stepIndex: 0, forceProvider: false };
    const encodeTimes: number[] = [];
    const openTimes: number[] = [];
    let payload = "";
    for (let run = 0; run < RUNS; run += 1) {
      const encoded = timed(() => encodeWorkspace(workspace).payload);
      payload = encoded.value;
      encodeTimes.push(encoded.milliseconds);
      const opened = timed(() => decodeSharePayload(payload));
      if (!opened.value.ok) throw new Error(`${example.id}: ${opened.value.error.message}`);
      openTimes.push(opened.milliseconds);
    }
    const jsonBytes = JSON.stringify(scenario).length;
    const linkChars = payload.length + "#s=".length;
    console.log(
      `${example.id.padEnd(22)} ${String(scenario.catalog.tools.length).padStart(6)} ${jsonBytes.toLocaleString("en-US").padStart(15)} B ${linkChars.toLocaleString("en-US").padStart(14)}   ${linkSizeVerdict(linkChars).padEnd(10)} ${median(encodeTimes).toFixed(1).padStart(10)} ${median(openTimes).toFixed(1).padStart(9)}`,
    );
  }
}

void main();
