/**
 * What the non-default settings put on the wire (lib/engine/golden-settings-variants.ts), checked against the documented rules
 * rather than against the engine: where Anthropic's `cache_control` markers go (PROTOCOLS.md §5.1), that a
 * deferred tool never carries one (§1.8: the API rejects it with a 400), the 1-hour `ttl` (§5.1), and that the
 * Anthropic-only cache settings leave the OpenAI and Moonshot wires exactly as with the defaults.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { goldenRequests, type GoldenRequest } from "../../engine/golden-requests";

type Json = Record<string, any>;

/** Every `cache_control` in a body with the path it sits at. */
function markers(body: Json): Array<{ path: string; value: unknown }> {
  const found: Array<{ path: string; value: unknown }> = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${path}[${index}]`));
    else if (node && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "cache_control") found.push({ path, value });
        else walk(value, path ? `${path}.${key}` : key);
      }
    }
  };
  walk(body, "");
  return found;
}

const FIVE_MINUTES = { type: "ephemeral" };
const ONE_HOUR = { type: "ephemeral", ttl: "1h" };

/** Built on first use inside a test, so Stryker's per-test coverage sees which test reaches which code (golden.test.ts). */
let built: Promise<GoldenRequest[]> | undefined;
const goldens = () => (built ??= goldenRequests());

describe("golden requests with non-default settings", () => {
  let requests: GoldenRequest[] = [];
  let byName = new Map<string, GoldenRequest>();
  beforeEach(async () => {
    requests = await goldens();
    byName = new Map(requests.map((request) => [request.name, request]));
  });
  const body = (name: string): Json => {
    const request = byName.get(name);
    if (!request) throw new Error(`missing golden ${name}`);
    return request.body;
  };
  const lastOf = (items: Json[]) => items[items.length - 1];

  it("no request in any golden puts cache_control on a deferred tool, or more than 4 markers", () => {
    for (const request of requests) {
      const tools = (request.body.tools ?? []) as Json[];
      for (const tool of tools) {
        if (tool.defer_loading === true) expect(tool.cache_control, request.name).toBeUndefined();
      }
      expect(markers(request.body).length, request.name).toBeLessThanOrEqual(4);
    }
  });

  it("explicit breakpoints: the last tool, the system prompt and the last message block, 5-minute TTL", () => {
    for (const step of ["step-1-call", "step-4-answer"]) {
      const request = body(`full--anthropic--explicit-breakpoints--${step}`);
      const lastMessage = lastOf(request.messages);
      expect(markers(request)).toEqual([
        { path: `system[0]`, value: FIVE_MINUTES },
        { path: `tools[${request.tools.length - 1}]`, value: FIVE_MINUTES },
        {
          path: `messages[${request.messages.length - 1}].content[${lastMessage.content.length - 1}]`,
          value: FIVE_MINUTES,
        },
      ]);
    }
  });

  it("explicit breakpoints with deferred tools: the tools marker goes on the search tool, with ttl 1h", () => {
    for (const step of ["step-1-search", "step-2-answer", "step-4-answer"]) {
      const request = body(`anthropic-tool-search--anthropic--server-bm25-explicit-ttl-1h--${step}`);
      expect(request.tools[0]).toMatchObject({ name: "tool_search_tool_bm25", cache_control: ONE_HOUR });
      expect(request.tools.slice(1).every((tool: Json) => tool.defer_loading === true)).toBe(true);
      const found = markers(request);
      expect(found.map((marker) => marker.path)).toContain("tools[0]");
      expect(found).toHaveLength(3);
      expect(found.every((marker) => JSON.stringify(marker.value) === JSON.stringify(ONE_HOUR))).toBe(true);
      expect(request.cache_control).toBeUndefined();
    }
  });

  it("explicit breakpoints on tools only: one marker, on the last tool", () => {
    const request = body("stubs--anthropic--explicit-tools-only--step-2-call");
    expect(markers(request)).toEqual([{ path: `tools[${request.tools.length - 1}]`, value: FIVE_MINUTES }]);
  });

  it("automatic caching with the 1-hour TTL: one top-level marker with ttl 1h", () => {
    for (const name of [
      "full--anthropic--ttl-1h--step-1-call",
      "anthropic-tool-search--anthropic--server-regex-ttl-1h--step-2-answer",
    ]) {
      expect(markers(body(name))).toEqual([{ path: "", value: ONE_HOUR }]);
    }
    expect(body("anthropic-tool-search--anthropic--server-regex-ttl-1h--step-1-search").tools[0]).toEqual({
      type: "tool_search_tool_regex_20251119",
      name: "tool_search_tool_regex",
    });
  });

  it("the default is automatic caching with the 5-minute TTL (no ttl field)", () => {
    expect(markers(body("full--anthropic--step-1-call"))).toEqual([{ path: "", value: FIVE_MINUTES }]);
  });

  it("cache off: no cache_control anywhere, otherwise the default request", () => {
    for (const step of ["step-1-call", "step-2-answer", "step-3-call", "step-4-answer"]) {
      const off = body(`full--anthropic--cache-off--${step}`);
      expect(markers(off)).toEqual([]);
      const { cache_control: _marker, ...defaultWithoutMarker } = body(`full--anthropic--${step}`);
      expect(off).toEqual(defaultWithoutMarker);
    }
  });

  it.each(["openai-responses", "openai-chat", "moonshot"])(
    "%s: explicit breakpoints and the 1-hour TTL do not change the wire",
    (provider) => {
      for (const step of ["step-1-call", "step-2-answer", "step-3-call", "step-4-answer"]) {
        const variant = body(`full--${provider}--anthropic-cache-settings-ignored--${step}`);
        expect(variant).toEqual(body(`full--${provider}--${step}`));
        expect(markers(variant)).toEqual([]);
      }
    },
  );

  it("OpenAI client tool_search without namespaces and tool_choice any → required", () => {
    const request = body("openai-tool-search--openai-responses--client-search--step-2-call");
    expect(request.tool_choice).toBe("required");
    expect(request.tools[0]).toMatchObject({ type: "tool_search", execution: "client" });
    expect(request.tools.some((tool: Json) => tool.type === "namespace")).toBe(false);
    expect(request.tools.slice(1).every((tool: Json) => tool.defer_loading === true)).toBe(true);
  });
});
