/**
 * A body nested 200,000 levels deep (a schema of schemas) must be refused with a 4xx and a reason, not crash a
 * recursive validator or serialiser into a 500 "Maximum call stack size exceeded".
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { readJsonBody } from "@/lib/server/read-body";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";
import { setEnv } from "@/test/fake-provider/route-client";
import { POST as countTokens } from "../../count-tokens/route";
import { POST as send } from "./route";

let restore: () => void;
beforeEach(() => {
  resetLiveRateLimits();
  restore = setEnv({ PLAYGROUND_LIVE_LOG: "off", PLAYGROUND_LIVE_LOG_FILE: undefined });
});
afterEach(() => restore());

/** Built as text: JSON.stringify itself would overflow the stack on such an object. */
function deepBody(levels: number): string {
  const schema = `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${"}}".repeat(levels)}`;
  return (
    `{"provider":"anthropic","body":{"model":"claude-opus-4-8","max_tokens":16,` +
    `"tools":[{"name":"deep","description":"d","input_schema":${schema}}],` +
    `"messages":[{"role":"user","content":"hi"}]}}`
  );
}

function request(path: string, body: string): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: {
      host: "localhost:3000",
      origin: "http://localhost:3000",
      "content-type": "application/json",
      [PAGE_TOKEN_HEADER]: serverSecret(),
      "x-provider-key": "sk-ant-pasted-key-for-depth-test",
    },
    body,
  });
}

describe("a body nested 200,000 levels deep", () => {
  it("is a 400 with the reason on live send and on count", async () => {
    const body = deepBody(200_000);
    for (const [path, handler] of [
      ["/api/live/send", send],
      ["/api/count-tokens", countTokens],
    ] as const) {
      const response = await handler(request(path, body));
      expect(response.status, path).toBe(400);
      const error = ((await response.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("invalid_request");
      expect(error.message).toMatch(/nested more than \d[\d,]* levels deep/);
    }
  });
});

describe("the other JSON routes' body reader (MCP import, share)", () => {
  it("refuses a deep body with the reason before parsing it", async () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    const read = await readJsonBody(new Request("http://localhost/", { method: "POST", body: deep }), 1e7, "share");
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(400);
    expect(await read.response.text()).toMatch(/nested more than 128 levels deep/);
  });
});
