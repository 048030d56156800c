import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);

// Debian's chromium is used where no Playwright browser is installed: this machine has no internet for
// `playwright install`, and the project must not download anything at test time.
const systemChromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  (process.env.PLAYWRIGHT_USE_BUNDLED ? undefined : ["/usr/bin/chromium"].find((path) => fs.existsSync(path)));

export default defineConfig({
  testDir: "./e2e",
  // Live mode (issue 6) and the decide views (issue 7) are built but not yet wired into the page; their specs
  // run once that wiring lands. Everything else runs on every `npm test`.
  testIgnore: ["**/live.spec.ts", "**/decide.spec.ts"],
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    viewport: { width: 1440, height: 900 },
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1440, height: 900 },
        ...(systemChromium
          ? {
              launchOptions: {
                executablePath: systemChromium,
                args: [
                  "--no-sandbox",
                  "--disable-gpu",
                  "--disable-background-networking",
                  "--disable-component-update",
                  "--disable-sync",
                  "--no-first-run",
                  "--disable-quic",
                ],
              },
            }
          : {}),
      },
    },
  ],
  webServer: {
    command: process.env.E2E_DEV === "1" ? `npx next dev -p ${PORT}` : `npx next build && npx next start -p ${PORT}`,
    url: `http://localhost:${PORT}`,
    // A production build of this app takes one to three minutes on a 2-core machine.
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    env: { NEXT_TELEMETRY_DISABLED: "1" },
  },
});
