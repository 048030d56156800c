import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "..");
let directory: string;

function simulate(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/simulate.ts", ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout, timedOut: result.error !== undefined };
}

function writeVariant(name: string, change: (scenario: Record<string, any>) => void): string {
  const scenario = JSON.parse(fs.readFileSync(path.join(root, "examples/weather.json"), "utf8"));
  change(scenario);
  const file = path.join(directory, name);
  fs.writeFileSync(file, JSON.stringify(scenario));
  return file;
}

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "simulate-cli-"));
});

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

describe(
  "npm run simulate exit codes (README: invalid input exits 2 with a clear message)",
  { timeout: 60_000 },
  () => {
    it("an unknown example exits 2 without a stack trace", () => {
      const run = simulate("example:nope");
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('simulate: unknown example "nope"');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });

    it("a turn that needs a tool missing from its catalog exits 2 and names the tool", () => {
      const file = writeVariant("missing-tool.json", (scenario) => {
        scenario.turns[0].needs[0].tool = "missing_tool";
      });
      const run = simulate(file);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('needs "missing_tool"');
      expect(run.stderr).toContain("is not a valid scenario");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    });

    it("a schema that cannot be compiled exits 2 instead of running", () => {
      const file = writeVariant("bad-schema.json", (scenario) => {
        scenario.catalog.tools[0].inputSchema.properties.unit.type = "not-a-type";
      });
      const run = simulate(file);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("cannot be compiled");
      expect(run.stdout).toBe("");
    });

    it("--out under /proc fails at once with exit 2 (Node's recursive mkdir never returns there)", () => {
      const run = simulate("example:weather", "--strategy", "full", "--out", "/proc/x");
      expect(run.timedOut).toBe(false);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("cannot write the requests under /proc/x");
    });

    it("a 100,000-character tool name is refused with exit 2 and one line naming the rule", () => {
      const longName = "n".repeat(100_000);
      const file = writeVariant("long-name.json", (scenario) => {
        const old = scenario.catalog.tools[0].name;
        scenario.catalog.tools[0].name = longName;
        for (const turn of scenario.turns)
          for (const need of turn.needs ?? []) if (need.tool === old) need.tool = longName;
      });
      const run = simulate(file, "--provider", "anthropic");
      expect(run.status).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr.trim().split("\n")).toHaveLength(1);
      expect(run.stderr).toContain("(100,000 characters) breaks anthropic's name rule ^[a-zA-Z0-9_-]{1,64}$");
      expect(run.stderr.length).toBeLessThan(300);
    });

    it("applies the provider's own rule: a two-letter name passes Anthropic's and breaks Kimi's", () => {
      const file = writeVariant("short-name.json", (scenario) => {
        const old = scenario.catalog.tools[0].name;
        scenario.catalog.tools[0].name = "ab";
        for (const turn of scenario.turns) for (const need of turn.needs ?? []) if (need.tool === old) need.tool = "ab";
      });
      const kimi = simulate(file, "--provider", "moonshot", "--strategy", "full");
      expect(kimi.status).toBe(2);
      expect(kimi.stderr).toContain('name "ab" (2 characters) breaks moonshot\'s name rule');
      expect(simulate(file, "--provider", "anthropic", "--strategy", "full").status).toBe(0);
    });

    it("a valid run still writes its requests and exits 0", () => {
      const out = path.join(directory, "out", "nested");
      const run = simulate("example:weather", "--strategy", "full", "--out", out);
      expect(run.status).toBe(0);
      expect(fs.readdirSync(path.join(out, "full")).length).toBeGreaterThan(0);
    });
  },
);
