import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { goldenRequests, typedGoldenModule, type GoldenRequest } from "../../engine/golden-requests";

const directory = path.join(__dirname, "requests");

/**
 * The goldens are built on first use inside a test, not in the `describe` body: code run while Vitest collects the
 * tests belongs to no test, so Stryker would count every renderer mutant as "static" and re-run every test for each
 * (docs/TESTING.md). Built in a test, each mutant runs only the tests that reach it.
 */
let built: Promise<GoldenRequest[]> | undefined;
const goldens = () => (built ??= goldenRequests());

describe("golden requests (reviewed by eye; regenerate with `npm run golden`)", () => {
  let requests: GoldenRequest[] = [];
  let byName = new Map<string, GoldenRequest>();
  beforeEach(async () => {
    requests = await goldens();
    byName = new Map(requests.map((request) => [request.name, request]));
  });
  const body = (name: string) => {
    const request = byName.get(name);
    if (!request) throw new Error(`missing golden ${name}`);
    return request.body as Record<string, any>;
  };

  it("match the committed files exactly", () => {
    const committed = fs
      .readdirSync(directory)
      .filter((file) => file.endsWith(".json"))
      .sort();
    expect(committed).toEqual(requests.map((request) => `${request.name}.json`).sort());
    for (const request of requests) {
      const file = JSON.parse(fs.readFileSync(path.join(directory, `${request.name}.json`), "utf8"));
      expect(file, request.name).toEqual({ url: request.url, headers: request.headers, body: request.body });
    }
  });

  it("match the typed module that tsc checks against the SDK request types", () => {
    const committed = fs.readFileSync(path.join(__dirname, "sdk-typed-requests.generated.ts"), "utf8");
    expect(committed).toBe(typedGoldenModule(requests));
  });

  it("cover every strategy on every provider that can carry it", () => {
    const pairs = new Set(requests.map((request: GoldenRequest) => `${request.strategy}@${request.provider}`));
    expect([...pairs].sort()).toMatchSnapshot();
  });

  it("Anthropic tool search: search tool first, every other tool deferred (PROTOCOLS §1.2)", () => {
    const tools = body("anthropic-tool-search-server-bm25--anthropic--step-1-search").tools;
    expect(tools[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(tools.slice(1).every((tool: Record<string, unknown>) => tool.defer_loading === true)).toBe(true);
    const regexTools = body("anthropic-tool-search-server-regex--anthropic--step-1-search").tools;
    expect(regexTools[0]).toEqual({ type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" });
  });

  it("Anthropic tool search: the reply's server_tool_use and tool_search_tool_result are sent back unchanged (§1.4)", () => {
    const messages = body("anthropic-tool-search-server-regex--anthropic--step-2-answer").messages;
    const assistant = messages[1].content;
    expect(assistant[0]).toMatchObject({
      type: "server_tool_use",
      name: "tool_search_tool_regex",
      input: { pattern: expect.any(String) },
    });
    expect(assistant[1]).toMatchObject({
      type: "tool_search_tool_result",
      tool_use_id: assistant[0].id,
      content: { type: "tool_search_tool_search_result" },
    });
    expect(assistant[1].content.tool_references[0]).toEqual({ type: "tool_reference", tool_name: "get_weather" });
  });

  it("Anthropic custom search returns tool_reference blocks in a tool_result (§1.5)", () => {
    const messages = body("anthropic-tool-search-client--anthropic--step-2-call").messages;
    const result = messages[messages.length - 1].content[0];
    expect(result).toMatchObject({
      type: "tool_result",
      content: [{ type: "tool_reference", tool_name: "get_weather" }],
    });
  });

  it("Anthropic mid-conversation: beta header, tool_addition in an appended system message (§4.2)", () => {
    const request = byName.get("anthropic-mid-conversation--anthropic--step-2-call")!;
    expect(request.headers["anthropic-beta"]).toBe("mid-conversation-tool-changes-2026-07-01");
    const last = (request.body.messages as any[]).at(-1);
    expect(last).toEqual({
      role: "system",
      content: [{ type: "tool_addition", tool: { type: "tool_reference", name: "get_weather" } }],
    });
    expect((request.body.messages as any[]).at(-2).role).toBe("user");
  });

  it("OpenAI client tool_search: tool_search_output echoes the call_id (§2.2)", () => {
    const input = body("openai-tool-search-client--openai-responses--step-2-call").input;
    const call = input.find((item: any) => item.type === "tool_search_call");
    const output = input.find((item: any) => item.type === "tool_search_output");
    expect(call.execution).toBe("client");
    expect(output).toMatchObject({ call_id: call.call_id, execution: "client", status: "completed" });
    expect(output.tools[0]).toMatchObject({ type: "function", name: "get_weather" });
  });

  it("OpenAI hosted tool_search: call_id null and the output in the same reply (§2.2)", () => {
    const input = body("openai-tool-search-server--openai-responses--step-2-answer").input;
    const call = input.find((item: any) => item.type === "tool_search_call");
    expect(call).toMatchObject({ call_id: null, execution: "server" });
  });

  it("Kimi: the declaration is a system message with tools and no content key (§3.1)", () => {
    const messages = body("kimi-dynamic--moonshot--step-2-call").messages;
    const declaration = messages.find((message: any) => message.role === "system" && message.tools);
    expect(declaration).toBeDefined();
    expect("content" in declaration).toBe(false);
    expect(body("kimi-dynamic--moonshot--step-2-call").tools.map((tool: any) => tool.function.name)).toEqual([
      "search_tools",
    ]);
  });

  it("Kimi K3: reasoning_content on every assistant tool-call turn, max_completion_tokens and reasoning_effort max (PROTOCOLS §9)", () => {
    // A prefilter's small model is a cheaper Kimi that does not reason; the rule is K3's.
    const kimi = requests.filter(
      (request) => request.provider === "moonshot" && (request.body as Record<string, unknown>).model === "kimi-k3",
    );
    let toolCallTurns = 0;
    for (const request of kimi) {
      const { messages, max_completion_tokens, max_tokens, reasoning_effort } = request.body as Record<string, any>;
      expect(max_completion_tokens, request.name).toBeGreaterThan(0);
      expect(max_tokens, request.name).toBeUndefined();
      expect(reasoning_effort, request.name).toBe("max");
      for (const message of messages)
        if (message.role === "assistant" && message.tool_calls) {
          toolCallTurns += 1;
          expect(typeof message.reasoning_content, request.name).toBe("string");
          expect(message.reasoning_content.length).toBeGreaterThan(0);
        }
    }
    expect(toolCallTurns).toBeGreaterThan(20);
  });

  it("no request carries a real key: only environment-variable placeholders", () => {
    for (const request of requests) {
      const credentials = [
        request.headers["x-api-key"],
        request.headers["x-goog-api-key"],
        request.headers.authorization,
      ]
        .filter(Boolean)
        .join(" ");
      expect(credentials).toMatch(/^(\$[A-Z_]+_API_KEY|Bearer \$[A-Z_]+_API_KEY)$/);
    }
  });
});
