import { describe, expect, it } from "vitest";
import { connectionLines } from "./connection-lines";
import { TAP_IDS, tapOfPath } from "./upstreams";

describe("the Tap view's connection lines", () => {
  const origin = "http://127.0.0.1:3000";
  const lines = connectionLines(origin);
  const tapsOf = (line: string) =>
    [...line.matchAll(/http:\/\/127\.0\.0\.1:3000(\/tap\/[^"\s]*)/g)].map((match) => tapOfPath(`${match[1]}/x`)?.tap);

  it("point each client at a tap of this server, and every tap has a line", () => {
    for (const { line } of lines) expect(tapsOf(line).every((tap) => tap !== undefined)).toBe(true);
    const covered = new Set(lines.flatMap(({ line }) => tapsOf(line)));
    expect([...TAP_IDS].filter((tap) => !covered.has(tap))).toEqual([]);
  });

  it("give each compatible API its own key variable and Gemini's clients the variable they read", () => {
    const byId = Object.fromEntries(lines.map((line) => [line.id, line.line]));
    expect(byId.deepseek).toBe(
      `new OpenAI({ baseURL: "${origin}/tap/deepseek", apiKey: process.env.DEEPSEEK_API_KEY })`,
    );
    expect(byId.qwen).toContain("process.env.DASHSCOPE_API_KEY");
    expect(byId["gemini-cli"]).toBe(`GOOGLE_GEMINI_BASE_URL=${origin}/tap/gemini gemini`);
    expect(byId["google-genai-sdk"]).toContain(`httpOptions: { baseUrl: "${origin}/tap/gemini" }`);
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
  });
});
