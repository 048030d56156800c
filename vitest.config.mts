import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.{ts,tsx}",
      "app/**/*.test.ts",
      "scripts/**/*.test.ts",
      "state/**/*.test.ts",
      "test/**/*.test.ts",
      "workers/**/*.test.ts",
      "eslint-rules/**/*.test.ts",
    ],
    exclude: ["e2e/**", "node_modules/**"],
    // The CLI tests start tsx child processes; on a loaded 2-core machine one can take over 30 s.
    testTimeout: 120_000,
  },
});
