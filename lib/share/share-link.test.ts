import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { EXAMPLES, loadExample } from "../examples";
import { type WorkspaceState } from "../persistence/state-keys";
import { serializeScenario } from "../scenario/serialize-scenario";
import type { Scenario } from "../scenario/types";
import { decodeBase64Url, encodeBase64Url } from "./base64url";
import { deflateText, inflateText } from "./deflate-codec";
import {
  decodeSharePayload,
  encodeWorkspace,
  inlineShareUrl,
  parseShareFragment,
  payloadFromEnvelopeText,
  shortShareUrl,
} from "./share-link";
import { MAX_STRING_CHARS } from "./share-limits";

async function weatherWorkspace(): Promise<WorkspaceState> {
  return { scenario: await loadExample("weather"), strategyId: "gateway", stepIndex: 3, forceProvider: true };
}

function decodedText(payload: string): string {
  const bytes = decodeBase64Url(payload.slice(payload.indexOf(".") + 1))!;
  const inflated = inflateText(bytes, 64 * 1024 * 1024);
  if (!inflated.ok) throw new Error(inflated.message);
  return inflated.text;
}

describe("share link round trip", () => {
  it.each(EXAMPLES.map((example) => example.id))("restores %s byte-identically", async (id) => {
    const scenario = await loadExample(id);
    const { payload } = encodeWorkspace({ scenario, strategyId: "stubs", stepIndex: 2, forceProvider: false });
    const decoded = decodeSharePayload(payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(serializeScenario(decoded.workspace.scenario)).toBe(serializeScenario(scenario));
    expect(decoded.workspace).toMatchObject({ strategyId: "stubs", stepIndex: 2, forceProvider: false });
    expect(decoded.problems.filter((problem) => problem.severity === "error")).toEqual([]);
    console.log(
      `${id}: ${scenario.catalog.tools.length} tools → link payload ${payload.length.toLocaleString("en-US")} characters`,
    );
  });

  it("carries the cache mechanism; a link without it reads as implicit, one with garbage drops it", async () => {
    const workspace = await weatherWorkspace();
    const explicit = {
      ...workspace.scenario,
      settings: { ...workspace.scenario.settings, cacheMechanism: "explicit" },
    };
    const decoded = decodeSharePayload(encodeWorkspace({ ...workspace, scenario: explicit as Scenario }).payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.workspace.scenario.settings.cacheMechanism).toBe("explicit");
    const old = decodeSharePayload(encodeWorkspace(workspace).payload);
    if (!old.ok) throw new Error(old.error.message);
    expect(old.workspace.scenario.settings).not.toHaveProperty("cacheMechanism");
    const garbage = { ...workspace.scenario, settings: { ...workspace.scenario.settings, cacheMechanism: "always" } };
    const bad = decodeSharePayload(encodeWorkspace({ ...workspace, scenario: garbage as unknown as Scenario }).payload);
    if (!bad.ok) throw new Error(bad.error.message);
    expect(bad.workspace.scenario.settings).not.toHaveProperty("cacheMechanism");
    expect(bad.problems.map((problem) => problem.path)).toContain("$.scenario.settings.cacheMechanism");
  });

  it("carries the tool name mapping; a link without it sends names as written, one with garbage drops it", async () => {
    const workspace = await weatherWorkspace();
    const wire = { ...workspace.scenario, settings: { ...workspace.scenario.settings, toolNameMapping: "wire" } };
    const decoded = decodeSharePayload(encodeWorkspace({ ...workspace, scenario: wire as Scenario }).payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.workspace.scenario.settings.toolNameMapping).toBe("wire");
    const old = decodeSharePayload(encodeWorkspace(workspace).payload);
    if (!old.ok) throw new Error(old.error.message);
    expect(old.workspace.scenario.settings).not.toHaveProperty("toolNameMapping");
    const garbage = { ...workspace.scenario, settings: { ...workspace.scenario.settings, toolNameMapping: "dots" } };
    const bad = decodeSharePayload(encodeWorkspace({ ...workspace, scenario: garbage as unknown as Scenario }).payload);
    if (!bad.ok) throw new Error(bad.error.message);
    expect(bad.workspace.scenario.settings).not.toHaveProperty("toolNameMapping");
    expect(bad.problems.map((problem) => problem.path)).toContain("$.scenario.settings.toolNameMapping");
  });

  it("gives the same payload for the same workspace (stable links)", async () => {
    const workspace = await weatherWorkspace();
    expect(encodeWorkspace(workspace).payload).toBe(encodeWorkspace(structuredClone(workspace)).payload);
  });

  it("builds and parses fragments", async () => {
    const { payload } = encodeWorkspace(await weatherWorkspace());
    const url = inlineShareUrl("http://localhost:3000/?x=1#old", payload);
    expect(url).toBe(`http://localhost:3000/?x=1#s=${payload}`);
    expect(parseShareFragment(new URL(url).hash)).toEqual({ kind: "inline", payload });
    const short = shortShareUrl("http://localhost:3000/", "abcdefghijklmnopqrstuv");
    expect(parseShareFragment(new URL(short).hash)).toEqual({ kind: "short", id: "abcdefghijklmnopqrstuv" });
    expect(parseShareFragment("#id=../../etc").kind).toBe("invalid");
    expect(parseShareFragment("#section-2")).toEqual({ kind: "none" });
    expect(parseShareFragment("")).toEqual({ kind: "none" });
  });
});

describe("private keys never enter a link", () => {
  it("drops API keys, private URLs and unknown keys, even from the raw decoded text", async () => {
    const secret = "sk-ant-api03-SECRET-never-share-me";
    const state = {
      ...(await weatherWorkspace()),
      providerKeys: { anthropic: secret },
      liveBaseUrls: { "openai-chat": "http://10.1.2.3:8000/v1?token=PRIVATE-URL-TOKEN" },
      mcpConnection: { url: "https://internal.example/mcp", headers: { authorization: "Bearer MCP-SECRET" } },
      apiKey: secret,
    } as WorkspaceState & Record<string, unknown>;
    // Also smuggle a key into the scenario's settings, where an untyped caller could put it.
    (state.scenario.settings as unknown as Record<string, unknown>).apiKey = secret;
    const { payload, text } = encodeWorkspace(state);
    for (const needle of [secret, "PRIVATE-URL-TOKEN", "MCP-SECRET", "internal.example", "providerKeys", "apiKey"]) {
      expect(text).not.toContain(needle);
      expect(decodedText(payload)).not.toContain(needle);
    }
    const decoded = decodeSharePayload(payload);
    expect(decoded.ok && Object.keys(decoded.workspace)).toEqual([
      "scenario",
      "strategyId",
      "stepIndex",
      "forceProvider",
    ]);
  });
});

describe("older formats keep opening", () => {
  it("opens a link whose scenario is in format version 0 (turns with tool/args)", async () => {
    const legacyScenario = {
      id: "legacy",
      title: "Legacy",
      catalog: {
        tools: [
          {
            name: "get_weather",
            description: "Weather.",
            inputSchema: { type: "object", properties: { city: { type: "string" } } },
          },
        ],
      },
      turns: [{ user: "Weather in Paris?", tool: "get_weather", args: { city: "Paris" } }],
    };
    const payload = payloadFromEnvelopeText(JSON.stringify({ v: 1, scenario: legacyScenario }));
    const decoded = decodeSharePayload(payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(decoded.workspace.scenario.turns[0].needs).toEqual([{ tool: "get_weather", arguments: { city: "Paris" } }]);
    expect(decoded.problems.some((problem) => problem.message.includes("upgraded from format version 0"))).toBe(true);
  });

  it("runs the link-format migration chain and codec of an older version", async () => {
    // A pretend version 2 that renamed `stepIndex` to `step` and stores uncompressed base64url JSON.
    const scenario: Scenario = await loadExample("weather");
    const v1Text = JSON.stringify({ v: 1, stepIndex: 4, scenario: JSON.parse(serializeScenario(scenario)) });
    const v1Payload = payloadFromEnvelopeText(v1Text);
    const decoded = decodeSharePayload(v1Payload, {
      currentVersion: 2,
      codecs: { 1: inflateText, 2: (bytes) => ({ ok: true, text: new TextDecoder().decode(bytes) }) },
      migrations: { 1: ({ stepIndex, ...rest }) => ({ ...rest, v: 2, stepIndex }) },
    });
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(decoded.workspace.stepIndex).toBe(4);
      expect(decoded.problems[0].message).toContain("upgraded from link format 1 to 2");
    }
  });

  it("refuses a link from a newer playground with a clear message", () => {
    const decoded = decodeSharePayload(`7.${encodeBase64Url(deflateText("{}"))}`);
    expect(decoded.ok || decoded.error).toMatchObject({ code: "unsupported-version" });
    expect(decoded.ok || decoded.error.message).toMatch(/newer playground/);
  });
});

describe("hostile links", () => {
  const cases: Array<[string, () => string | Promise<string>, string]> = [
    ["empty", () => "", "empty"],
    ["not ours", () => "hello", "bad-format"],
    ["bad characters", () => "1.abc$def", "bad-encoding"],
    ["truncated", async () => encodeWorkspace(await weatherWorkspace()).payload.slice(0, 300), "truncated"],
    [
      "not deflate",
      () => `1.${encodeBase64Url(new TextEncoder().encode("just some text, not compressed at all"))}`,
      "corrupt",
    ],
    ["not JSON", () => payloadFromEnvelopeText("{not json"), "bad-json"],
    ["not an object", () => payloadFromEnvelopeText("[1,2,3]"), "invalid-envelope"],
    ["version mismatch inside", () => payloadFromEnvelopeText('{"v":3,"scenario":{}}'), "invalid-envelope"],
    ["no scenario", () => payloadFromEnvelopeText('{"v":1}'), "invalid-envelope"],
    ["not a scenario", () => payloadFromEnvelopeText('{"v":1,"scenario":{"title":42}}'), "invalid-scenario"],
    [
      "deeply nested",
      () => payloadFromEnvelopeText(`{"v":1,"scenario":${"[".repeat(100_000)}${"]".repeat(100_000)}}`),
      "too-deep",
    ],
    [
      "huge string",
      () => payloadFromEnvelopeText(`{"v":1,"scenario":{"title":"${"x".repeat(MAX_STRING_CHARS + 1)}"}}`),
      "huge-string",
    ],
    ["oversized", () => `1.${"A".repeat(8 * 1024 * 1024)}`, "too-long"],
    ["decompression bomb", () => `1.${encodeBase64Url(deflateText(" ".repeat(64 * 1024 * 1024)))}`, "too-large"],
    [
      "invalid UTF-8",
      () => `1.${encodeBase64Url(deflateSync(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), { level: 9 }))}`,
      "not-utf8",
    ],
  ];

  it.each(cases)("%s → a typed error", async (_name, build, code) => {
    const payload = await build();
    // No timing assertion (speed is benchmarked, not tested): a decoder that inflated the bomb or scanned the
    // oversized link would blow the test's timeout, and the error code proves the cap was what stopped it.
    const decoded = decodeSharePayload(payload);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) {
      expect(decoded.error.code).toBe(code);
      expect(decoded.error.message).toMatch(/^share-link: /);
    }
  });

  it("ignores unknown envelope keys and bad optional fields with warnings", async () => {
    const scenario = JSON.parse(serializeScenario(await loadExample("weather")));
    const payload = payloadFromEnvelopeText(
      JSON.stringify({
        v: 1,
        scenario,
        strategyId: "<img src=x onerror=alert(1)>",
        stepIndex: -1,
        forceProvider: "yes",
        extra: 1,
      }),
    );
    const decoded = decodeSharePayload(payload);
    expect(decoded.ok).toBe(true);
    if (decoded.ok) {
      expect(Object.keys(decoded.workspace)).toEqual(["scenario"]);
      expect(decoded.problems.map((problem) => problem.path)).toEqual(
        expect.arrayContaining(["$.extra", "$.strategyId", "$.stepIndex", "$.forceProvider"]),
      );
    }
  });
});
