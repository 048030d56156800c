import { chromium } from "@playwright/test";
async function main() {
  const port = process.argv[2];
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const width of [390, 1440]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`http://localhost:${port}/?example=synthetic-10000`, { waitUntil: "commit" });
    await page.locator('[data-testid="prefix-bar-content"]:not([data-detail=""])').waitFor({ timeout: 300_000 });
    console.log(width, "first request", Date.now() - started, "ms");
    await page.screenshot({ path: `/tmp/pp-shots/loading-${width}.png`, fullPage: false });
    const arriving = await page.getByTestId("catalog-arriving").count();
    console.log(width, "catalog-arriving shown:", arriving);
    await page.getByTestId("run-status").getByText("simulated in").waitFor({ timeout: 300_000 });
    console.log(width, "all", Date.now() - started, "ms");
    await page.screenshot({ path: `/tmp/pp-shots/after-${width}.png`, fullPage: false });
    await context.close();
  }
  await browser.close();
}
void main();
