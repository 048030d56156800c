import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const FAKE_PROVIDER_PORT = Number(process.env.FAKE_PROVIDER_PORT ?? 3199);
const MCP_SERVER_PORT = Number(process.env.MCP_SERVER_PORT ?? 3198);
const FAKE_EMBEDDING_PORT = Number(process.env.FAKE_EMBEDDING_PORT ?? FAKE_PROVIDER_PORT - 2);
process.env.E2E_MCP_SERVER_URL ??= `http://127.0.0.1:${MCP_SERVER_PORT}/mcp`;
// `npm test` (scripts/test-all.mjs) runs the specs in two parts side by side, E2E_PART=1 and E2E_PART=2, each with its
// own ports (above), server, fakes and files, because some specs change a server's state: security.spec.ts exhausts
// the share rate limit, live.spec.ts reads the fake provider's request log and the server's log file. Part 1 starts
// when the build is done; part 2 when the unit tests are done as well (80 s later in a clean CI run), and the unit
// tests on Node 24 (about 200 s) follow it: so part 2 holds about 240 s less of the specs' time than part 1 (602 s
// against 841 s in that run), and the two paths end within a minute of each other. A new spec lands in part 1.
// Without E2E_PART every spec runs in one part.
const PART = process.env.E2E_PART;
// security.spec.ts and share.spec.ts stay in one part: the share specs run after the rate limit was exhausted.
const PART_2_SPECS = [
  "accessibility",
  "cache-card-words",
  "decide",
  "lab-advice",
  "security",
  "share",
  "visible-figures",
].map((name) => `**/${name}.spec.ts`);
const PART_FILES = PART ? `-part-${PART}` : "";
const LIVE_LOG_FILE = `test-results/live-server${PART_FILES}.log`;
process.env.PLAYGROUND_LIVE_LOG_FILE ??= LIVE_LOG_FILE;
process.env.PLAYGROUND_TEST_PROVIDER_BASE_URL ??= `http://127.0.0.1:${FAKE_PROVIDER_PORT}`;

// A server already listening on a test port could be a stale build, or someone else's: it is reused only when asked
// for (E2E_REUSE_SERVER=1, handy with `npm run dev` open), and the run says so.
const REUSE_SERVER = process.env.E2E_REUSE_SERVER === "1" && !process.env.CI;
if (REUSE_SERVER) {
  console.warn(
    `e2e: E2E_REUSE_SERVER=1: reusing whatever already listens on ports ${PORT}, ${FAKE_PROVIDER_PORT} and ` +
      `${MCP_SERVER_PORT} (it may be an older build); unset it to start fresh servers`,
  );
}

// Debian's chromium is used where no Playwright browser is installed: this machine has no internet for
// `playwright install`, and the project must not download anything at test time.
const systemChromium =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ||
  (process.env.PLAYWRIGHT_USE_BUNDLED ? undefined : ["/usr/bin/chromium"].find((path) => fs.existsSync(path)));

export default defineConfig({
  testDir: "./e2e",
  ...(PART === "1" ? { testIgnore: PART_2_SPECS } : PART === "2" ? { testMatch: PART_2_SPECS } : {}),
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // Playwright empties its output folder when it starts: each part has its own.
  outputDir: `test-results/artifacts${PART_FILES}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records every action's screenshot and DOM snapshot: kept for every test and thrown away on success it
    // made a walk about twice as long (17.0 s against 8.7 s for one cache-card walk). Under CI a failing test
    // runs again with its trace (retries: 1); locally, `npx playwright test --trace on`.
    trace: "on-first-retry",
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
  webServer: [
    {
      // A local stand-in for the providers (test/fake-provider): live mode's e2e never reaches a real one.
      // With the fake embedding endpoint beside it, for the lab's semantic search (e2e/lab.spec.ts).
      command: `npx tsx test/fake-provider/main.ts --port ${FAKE_PROVIDER_PORT} --embeddings-port ${FAKE_EMBEDDING_PORT}`,
      url: `http://127.0.0.1:${FAKE_PROVIDER_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: REUSE_SERVER,
    },
    {
      // The protocol's reference server from the npm registry, for importing from a live MCP server in the page.
      command: `node node_modules/@modelcontextprotocol/server-everything/dist/index.js streamableHttp`,
      // GET /mcp without a session answers 400, which Playwright counts as "up".
      url: `http://127.0.0.1:${MCP_SERVER_PORT}/mcp`,
      timeout: 30_000,
      reuseExistingServer: REUSE_SERVER,
      env: { PORT: String(MCP_SERVER_PORT) },
    },
    {
      // The real start path: `npm start` is scripts/serve.mjs (loopback only, and the socket's peer address for the
      // request guard); e2e/security.spec.ts checks both.
      // E2E_PREBUILT=1: `npm test` (scripts/test-all.mjs) has just built this checkout beside the unit tests.
      command:
        process.env.E2E_DEV === "1"
          ? `node scripts/serve.mjs --dev --port ${PORT}`
          : process.env.E2E_PREBUILT === "1"
            ? `node scripts/serve.mjs --port ${PORT}`
            : `npx next build && node scripts/serve.mjs --port ${PORT}`,
      url: `http://localhost:${PORT}`,
      // A production build of this app takes one to three minutes on a 2-core machine.
      timeout: 600_000,
      reuseExistingServer: REUSE_SERVER,
      env: {
        NEXT_TELEMETRY_DISABLED: "1",
        // Live routes talk to the fake provider (honoured for loopback URLs only) and log where the key test reads.
        PLAYGROUND_TEST_PROVIDER_BASE_URL: `http://127.0.0.1:${FAKE_PROVIDER_PORT}`,
        PLAYGROUND_LIVE_LOG_FILE: LIVE_LOG_FILE,
        EMBEDDINGS_BASE_URL: `http://127.0.0.1:${FAKE_EMBEDDING_PORT}/v1`,
        EMBEDDINGS_MODEL: "fake-embed",
        // The recording tap forwards to the fake provider (e2e/tap.spec.ts).
        TAP_ANTHROPIC_UPSTREAM: `http://127.0.0.1:${FAKE_PROVIDER_PORT}`,
        // One browser runs many live requests back to back; the per-client limit is tested in the route tests.
        PLAYGROUND_LIVE_RATE_BURST: "100",
        // Short links of e2e runs go to a throwaway store, not the developer's data folder.
        PLAYGROUND_DATA_DIR: `test-results/share-data${PART_FILES}`,
        // security.spec.ts fires 300 short-link posts and must meet 429; the burst stays far below 300, and the
        // quick refill (10 a second) lets the share specs after it post again within seconds.
        PLAYGROUND_SHARE_RATE_BURST: "40",
        PLAYGROUND_SHARE_RATE_PER_MINUTE: "600",
        PLAYGROUND_SHARE_GLOBAL_RATE_PER_MINUTE: "6000",
      },
    },
  ],
});
