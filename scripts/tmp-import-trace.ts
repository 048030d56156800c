import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { runsEnded, waitForRunAfter } from "./bench-support";
import { ownMcpCatalog } from "./test-support/own-catalog";
type Ev = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: any; cat?: string };
async function main() {
  const port = process.argv[2] ?? "4900";
  const file = path.join(os.tmpdir(), "own-catalog-10000.json");
  if (!fs.existsSync(file)) fs.writeFileSync(file, JSON.stringify(ownMcpCatalog(10000)));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${port}/?example=weather`);
  await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300000 });
  await page.waitForTimeout(1500);
  await page.getByTestId("catalog-file-input").evaluate((input) => input.addEventListener("change", () => { performance.mark("import-change"); }));
  const before = await runsEnded(page);
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "blink.user_timing", "v8"] });
  await page.getByTestId("catalog-file-input").setInputFiles(file);
  await page.getByTestId("catalog-count").getByText("10,000 tools").waitFor({ timeout: 300000 });
  await page.waitForFunction(() => { const bar = document.querySelector('[data-testid="prefix-bar-content"]'); return (bar?.getAttribute("data-detail-run") ?? "") !== "" && /10,?0/.test(document.body.innerText) ; }, undefined, { timeout: 300000, polling: 20 });
  await waitForRunAfter(page, before);
  await page.waitForTimeout(3000);
  const buffer = await browser.stopTracing();
  await browser.close();
  const trace = JSON.parse(buffer.toString());
  const events: Ev[] = Array.isArray(trace) ? trace : trace.traceEvents;
  fs.writeFileSync("/tmp/s6/import-trace.json", buffer);
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") names.set(`${e.pid}:${e.tid}`, e.args?.name);
  const mark = events.find((e) => e.name === "import-change");
  const zero = mark ? mark.ts : events[0].ts;
  console.log("mark found", !!mark);
  const marks = events.filter((e) => e.cat?.includes("user_timing"));
  for (const m of marks) console.log("USER", m.name, m.ph, ((m.ts - zero) / 1000).toFixed(0), names.get(`${m.pid}:${m.tid}`));
  const top = events.filter((e) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && (e.dur ?? 0) > 15000 && e.ts >= zero - 1000);
  top.sort((a, b) => a.ts - b.ts);
  for (const t of top) {
    const thread = names.get(`${t.pid}:${t.tid}`) ?? `${t.pid}:${t.tid}`;
    if (!/Main|Worker/.test(thread)) continue;
    const inner = events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.ph === "X" && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) && e !== t && (e.dur ?? 0) > 5000)
      .map((e) => `${e.name}${e.args?.data?.functionName ? "(" + e.args.data.functionName + ")" : ""}${e.args?.data?.type ? "[" + e.args.data.type + "]" : ""} ${((e.dur ?? 0) / 1000).toFixed(0)}`).slice(0, 8);
    console.log(`${thread.padEnd(22)} +${((t.ts - zero) / 1000).toFixed(0).padStart(6)} ms  ${((t.dur ?? 0) / 1000).toFixed(0).padStart(5)} ms  ${inner.join(" | ")}`);
  }
}
void main();
