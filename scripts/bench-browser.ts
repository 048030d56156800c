/**
 * npm run bench:browser [-- --url http://localhost:3000] — what a person waits for in the browser, measured (never
 * asserted): for each example, the time from navigation until the scenario is on screen, until the selected
 * strategy's first request is shown (slow runs show it before the other strategies finish), and until every
 * strategy has run. Needs the playground running (`npm run playground`) and a Chromium: Debian's
 * /usr/bin/chromium, or PLAYWRIGHT_CHROMIUM_PATH.
 */
import fs from "node:fs";
import os from "node:os";
import { chromium } from "@playwright/test";

const urlFlag = process.argv.indexOf("--url");
const BASE_URL = urlFlag >= 0 ? process.argv[urlFlag + 1] : "http://localhost:3000";
const EXAMPLES = ["weather", "learning-agent", "github-mcp", "mixed-mcp", "synthetic-10000"];

async function main(): Promise<void> {
  const executablePath =
    process.env.PLAYWRIGHT_CHROMIUM_PATH || (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  console.log(`browser timings at ${BASE_URL} — ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`);
  console.log("example              scenario shown   first request shown   all strategies   (worker's own run time)");
  for (const example of EXAMPLES) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const started = Date.now();
    await page.goto(`${BASE_URL}/?example=${example}`);
    await page.getByTestId("scenario-title").filter({ hasNotText: "Loading" }).waitFor({ timeout: 300_000 });
    const shown = Date.now() - started;
    await page.locator('[data-testid="prefix-bar-content"]:not([data-detail=""])').waitFor({ timeout: 300_000 });
    const firstRequest = Date.now() - started;
    await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300_000 });
    const all = Date.now() - started;
    const worker = ((await page.getByTestId("run-status").textContent()) ?? "").replace("simulated in", "").trim();
    console.log(
      `${example.padEnd(20)} ${`${(shown / 1000).toFixed(1)} s`.padStart(14)} ${`${(firstRequest / 1000).toFixed(1)} s`.padStart(21)} ${`${(all / 1000).toFixed(1)} s`.padStart(16)}   ${worker}`,
    );
    await page.close();
  }
  await browser.close();
}

void main();
