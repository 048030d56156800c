/**
 * The fake provider's "model": reads a request in any of the three wire formats into one neutral view, then decides
 * a reply with a few deterministic rules (search when it can, call what it found, answer after a tool result), so
 * every strategy's client side is exercised end to end. Tests only.
 */
import { sampleArguments } from "@/lib/catalog";
import { stableHash } from "@/lib/catalog/stable-hash";
import { PREFILTER_INSTRUCTIONS } from "@/lib/strategies/prefilter";

type Json = Record<string, unknown>;
export type Dialect = "anthropic" | "responses" | "chat" | "moonshot" | "gemini";

export type FakeTool = { name: string; description: string; schema: Json; deferred: boolean };

export type LastItem =
  | { kind: "user-text" }
  | { kind: "tool-result"; name: string; content: string; isError: boolean }
  | { kind: "loaded"; names: string[] };

export type FakeView = {
  tools: FakeTool[];
  anthropicSearch?: "bm25" | "regex";
  openaiSearch?: "server" | "client";
  userText: string;
  last: LastItem;
  /** Assistant turns since the last user text: the fake answers rather than loop. */
  turnsSinceUser: number;
  /** The system prompt's text, in whichever place the format keeps it. */
  system?: string;
};

export type FakeSearch =
  | { kind: "anthropic-server"; variant: "bm25" | "regex"; query: string; found: string[] }
  | { kind: "openai-hosted"; query: string; found: string[] }
  | { kind: "openai-client"; query: string };

export type FakeTurn = { text?: string; search?: FakeSearch; calls: Array<{ name: string; input: Json }> };

function record(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}
function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(record) : [];
}
function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return list(content)
    .map((part) => str(part.text))
    .join("");
}

function readAnthropic(body: Json): FakeView {
  const tools: FakeTool[] = [];
  let anthropicSearch: FakeView["anthropicSearch"];
  for (const tool of list(body.tools)) {
    const type = str(tool.type);
    if (type.startsWith("tool_search_tool_")) anthropicSearch = type.includes("regex") ? "regex" : "bm25";
    else
      tools.push({
        name: str(tool.name),
        description: str(tool.description),
        schema: record(tool.input_schema),
        deferred: tool.defer_loading === true,
      });
  }
  const messages = list(body.messages);
  const names = new Map<string, string>();
  let userText = "";
  let last: LastItem = { kind: "user-text" };
  let turnsSinceUser = 0;
  for (const message of messages) {
    const content =
      typeof message.content === "string" ? [{ type: "text", text: message.content }] : list(message.content);
    if (message.role === "assistant") {
      turnsSinceUser += 1;
      for (const block of content) if (block.type === "tool_use") names.set(str(block.id), str(block.name));
      continue;
    }
    if (message.role !== "user") continue;
    for (const block of content) {
      if (block.type === "text") {
        userText = str(block.text);
        last = { kind: "user-text" };
        turnsSinceUser = 0;
      } else if (block.type === "tool_result") {
        const references = list(block.content).filter((part) => part.type === "tool_reference");
        last = references.length
          ? { kind: "loaded", names: references.map((part) => str(part.tool_name)) }
          : {
              kind: "tool-result",
              name: names.get(str(block.tool_use_id)) ?? "",
              content: textOf(block.content),
              isError: block.is_error === true,
            };
      }
    }
  }
  return { tools, ...(anthropicSearch ? { anthropicSearch } : {}), userText, last, turnsSinceUser };
}

function functionTool(tool: Json, deferred: boolean): FakeTool {
  return { name: str(tool.name), description: str(tool.description), schema: record(tool.parameters), deferred };
}

function readResponses(body: Json): FakeView {
  const tools: FakeTool[] = [];
  let openaiSearch: FakeView["openaiSearch"];
  for (const tool of list(body.tools)) {
    if (tool.type === "tool_search") openaiSearch = tool.execution === "client" ? "client" : "server";
    else if (tool.type === "namespace")
      tools.push(...list(tool.tools).map((inner) => functionTool(inner, inner.defer_loading === true)));
    else if (tool.type === "function") tools.push(functionTool(tool, tool.defer_loading === true));
  }
  const input = typeof body.input === "string" ? [{ role: "user", content: body.input }] : list(body.input);
  const names = new Map<string, string>();
  let userText = "";
  let last: LastItem = { kind: "user-text" };
  let turnsSinceUser = 0;
  for (const item of input) {
    if (item.type === "function_call") {
      names.set(str(item.call_id), str(item.name));
      turnsSinceUser += 1;
    } else if (item.type === "function_call_output")
      last = {
        kind: "tool-result",
        name: names.get(str(item.call_id)) ?? "",
        content: str(item.output),
        isError: false,
      };
    else if (item.type === "tool_search_output" && item.execution === "client")
      last = { kind: "loaded", names: list(item.tools).map((tool) => str(tool.name)) };
    else if (item.role === "user") {
      userText = textOf(item.content);
      last = { kind: "user-text" };
      turnsSinceUser = 0;
    } else if (item.role === "assistant" || item.type === "message") turnsSinceUser += 1;
  }
  return { tools, ...(openaiSearch ? { openaiSearch } : {}), userText, last, turnsSinceUser };
}

function readChat(body: Json): FakeView {
  const tools: FakeTool[] = list(body.tools).map((tool) => functionTool(record(tool.function), false));
  const names = new Map<string, string>();
  let userText = "";
  let last: LastItem = { kind: "user-text" };
  let turnsSinceUser = 0;
  for (const message of list(body.messages)) {
    if (message.role === "system" && Array.isArray(message.tools))
      tools.push(...list(message.tools).map((tool) => functionTool(record(tool.function), false)));
    if (message.role === "assistant") {
      turnsSinceUser += 1;
      for (const call of list(message.tool_calls)) names.set(str(call.id), str(record(call.function).name));
    }
    if (message.role === "tool")
      last = {
        kind: "tool-result",
        name: names.get(str(message.tool_call_id)) ?? "",
        content: textOf(message.content),
        isError: false,
      };
    if (message.role === "user") {
      userText = textOf(message.content);
      last = { kind: "user-text" };
      turnsSinceUser = 0;
    }
  }
  return { tools, userText, last, turnsSinceUser };
}

/** Gemini generateContent: `tools[].functionDeclarations`, `contents` of `user`/`model` parts. */
function readGemini(body: Json): FakeView {
  const tools = list(body.tools).flatMap((tool) =>
    list(tool.functionDeclarations).map((declaration) =>
      functionTool({ ...declaration, parameters: declaration.parametersJsonSchema ?? declaration.parameters }, false),
    ),
  );
  let userText = "";
  let last: LastItem = { kind: "user-text" };
  let turnsSinceUser = 0;
  for (const content of list(body.contents)) {
    const parts = list(content.parts);
    if (content.role === "model") turnsSinceUser += 1;
    else {
      const response = parts.find((part) => part.functionResponse !== undefined);
      if (response) {
        const fn = record(response.functionResponse);
        const result = record(fn.response).result;
        last = {
          kind: "tool-result",
          name: str(fn.name),
          content: typeof result === "string" ? result : JSON.stringify(fn.response),
          isError: false,
        };
      } else {
        userText = parts.map((part) => str(part.text)).join("\n");
        last = { kind: "user-text" };
        turnsSinceUser = 0;
      }
    }
  }
  return { tools, userText, last, turnsSinceUser };
}

/** Anthropic's `system`, Responses' `instructions`, Gemini's `systemInstruction`, system/developer messages. */
function systemOf(body: Json): string {
  const parts = [textOf(body.system), str(body.instructions), textOf(record(body.systemInstruction).parts)];
  for (const message of [...list(body.messages), ...list(body.input)])
    if (message.role === "system" || message.role === "developer") parts.push(textOf(message.content));
  return parts.filter(Boolean).join("\n\n");
}

export function readRequest(dialect: Dialect, body: Json): FakeView {
  const view =
    dialect === "gemini"
      ? readGemini(body)
      : dialect === "anthropic"
        ? readAnthropic(body)
        : dialect === "responses"
          ? readResponses(body)
          : readChat(body);
  return { ...view, system: systemOf(body) };
}

/**
 * A prefilter's small model (lib/strategies/prefilter.ts): the catalog is the system prompt's `name — description`
 * lines; it answers with the best-matching names, one a line, as the instructions ask.
 */
function prefilterAnswer(view: FakeView): FakeTurn | null {
  const system = view.system ?? "";
  if (!system.includes(PREFILTER_INSTRUCTIONS)) return null;
  const catalog = system
    .slice(system.indexOf(PREFILTER_INSTRUCTIONS) + PREFILTER_INSTRUCTIONS.length)
    .split("\n")
    .flatMap((line) => {
      const match = /^([A-Za-z0-9_.:-]+) — (.*)$/.exec(line.trim());
      return match ? [{ name: match[1], description: match[2], schema: {}, deferred: false }] : [];
    });
  const wanted = new Set(words(view.userText));
  const matching = rank(catalog, view.userText).filter((tool) =>
    words(`${tool.name.replace(/[_-]/g, " ")} ${tool.description}`).some((word) => wanted.has(word)),
  );
  return {
    text:
      matching
        .slice(0, 2)
        .map((tool) => tool.name)
        .join("\n") || "(none)",
    calls: [],
  };
}

const HELPERS = new Set(["search_tools", "invoke_tool", "load_tool_schemas"]);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
}

/** Tools ordered by how many of the query's words their name and description share. */
export function rank(tools: readonly FakeTool[], query: string): FakeTool[] {
  const wanted = words(query);
  const score = (tool: FakeTool) => {
    const haystack = new Set(words(`${tool.name.replace(/[_-]/g, " ")} ${tool.description}`));
    return wanted.filter((word) => haystack.has(word)).length;
  };
  return tools
    .map((tool, index) => ({ tool, index, score: score(tool) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.tool);
}

/** The names in a `search_tools` result: lines like `name — description (params)`. */
function namesInSearchResult(content: string): string[] {
  return content
    .split("\n")
    .map((line) => /^([A-Za-z0-9_.:-]+) — /.exec(line.trim())?.[1])
    .filter((name): name is string => Boolean(name));
}

/**
 * A model with known faults, for the experiment's tests: in a set share of tasks it calls the wrong tool (the
 * worst-ranked candidate instead of the best), in another it sends arguments that break the tool's schema (its
 * required fields left out), and in a third it generates such arguments and the provider rejects the reply with a
 * 400 instead of passing them on (as a server validating tool calls against a strict schema does; server.ts writes
 * the error). Which task gets which fault follows from its prompt alone (`faultOf`), so a test can count the
 * expected shares; no two fall on one task.
 */
export type FakeFaults = { wrongToolShare?: number; invalidArgumentsShare?: number; rejectedArgumentsShare?: number };
export type Fault = "wrong-tool" | "invalid-arguments" | "rejected-arguments" | null;

export function faultOf(prompt: string, faults: FakeFaults | undefined): Fault {
  if (!faults) return null;
  const position = (stableHash(prompt) % 1000) / 1000;
  const wrong = faults.wrongToolShare ?? 0;
  const invalid = wrong + (faults.invalidArgumentsShare ?? 0);
  if (position < wrong) return "wrong-tool";
  if (position < invalid) return "invalid-arguments";
  if (position < invalid + (faults.rejectedArgumentsShare ?? 0)) return "rejected-arguments";
  return null;
}

/**
 * The catalog tool a turn calls with arguments (directly, wrapped, or through `invoke_tool`), when the task's fault
 * is a rejection: the provider refuses that reply.
 */
export function rejectedCall(view: FakeView, turn: FakeTurn, faults: FakeFaults | undefined): string | null {
  if (faultOf(view.userText, faults) !== "rejected-arguments") return null;
  for (const call of turn.calls) {
    if (call.name === "invoke_tool") return str(call.input.name) || null;
    if (!HELPERS.has(call.name)) return call.name;
  }
  return null;
}

/** Arguments that fail the schema: required fields left out, else the first property given the wrong type. */
function brokenArguments(schema: Json): Json {
  if (Array.isArray(schema.required) && schema.required.length > 0) return {};
  const first = Object.entries(record(schema.properties))[0];
  if (!first) return { unexpected: true };
  const [name, property] = first;
  return { [name]: record(property).type === "string" ? 12345 : "not-a-valid-value" };
}

export function decide(view: FakeView, faults?: FakeFaults): FakeTurn {
  const picked = prefilterAnswer(view);
  if (picked) return picked;
  const fault = faultOf(view.userText, faults);
  const args = (tool: FakeTool | undefined): Json =>
    !tool
      ? {}
      : fault === "invalid-arguments" || fault === "rejected-arguments"
        ? brokenArguments(tool.schema)
        : sampleArguments(tool.schema);
  /** The candidate the model settles on: the best-ranked one, or the worst when it picks the wrong tool. */
  const choose = <T>(ranked: readonly T[]): T | undefined =>
    fault === "wrong-tool" && ranked.length > 1 ? ranked[ranked.length - 1] : ranked[0];
  const byName = (name: string) => view.tools.find((tool) => tool.name === name);
  const has = (name: string) => Boolean(byName(name));
  if (view.turnsSinceUser >= 4) return { text: "I have done what I can with these tools.", calls: [] };
  const last = view.last;
  if (last.kind === "user-text") {
    const query = view.userText;
    const deferred = view.tools.filter((tool) => tool.deferred && !HELPERS.has(tool.name));
    if (view.anthropicSearch || view.openaiSearch === "server") {
      const ranked = rank(deferred, query).map((tool) => tool.name);
      const found = fault === "wrong-tool" ? [choose(ranked)!].filter(Boolean) : ranked.slice(0, 3);
      const searchQuery = view.anthropicSearch === "regex" ? (words(query)[0] ?? ".*") : query;
      const search: FakeSearch = view.anthropicSearch
        ? { kind: "anthropic-server", variant: view.anthropicSearch, query: searchQuery, found }
        : { kind: "openai-hosted", query, found };
      return {
        text: "Let me find the right tool.",
        search,
        calls: found.length ? [{ name: found[0], input: args(byName(found[0])) }] : [],
      };
    }
    if (view.openaiSearch === "client") return { search: { kind: "openai-client", query }, calls: [] };
    if (has("search_tools")) return { calls: [{ name: "search_tools", input: { query } }] };
    // A main agent that holds only a sub-agent's `delegate` hands it the user's words.
    if (has("delegate") && view.tools.length === 1) return { calls: [{ name: "delegate", input: { task: query } }] };
    const candidates = view.tools.filter((tool) => !tool.deferred && !HELPERS.has(tool.name));
    if (has("load_tool_schemas") && candidates.length)
      return { calls: [{ name: "load_tool_schemas", input: { names: [choose(rank(candidates, query))!.name] } }] };
    const best = choose(rank(candidates, query));
    return best
      ? { calls: [{ name: best.name, input: args(best) }] }
      : { text: `I have no tool for: ${query}`, calls: [] };
  }
  if (last.kind === "loaded") {
    const name = choose(last.names);
    return name ? { calls: [{ name, input: args(byName(name)) }] } : { text: "No tool was found.", calls: [] };
  }
  if (last.name === "search_tools") {
    const target = choose(namesInSearchResult(last.content));
    if (!target) return { text: "No tool matched the search.", calls: [] };
    if (has("invoke_tool"))
      return { calls: [{ name: "invoke_tool", input: { name: target, arguments: args(byName(target)) } }] };
    return { calls: [{ name: target, input: args(byName(target)) }] };
  }
  if (last.name === "load_tool_schemas") {
    let loaded: Json[];
    try {
      loaded = list(JSON.parse(last.content));
    } catch {
      loaded = [];
    }
    const first = loaded[0];
    if (!first) return { text: "Nothing was loaded.", calls: [] };
    const schema = record(first.input_schema);
    return {
      calls: [
        {
          name: str(first.name),
          input: {
            arguments:
              fault === "invalid-arguments" || fault === "rejected-arguments"
                ? brokenArguments(schema)
                : sampleArguments(schema),
          },
        },
      ],
    };
  }
  const excerpt = last.content.length > 80 ? `${last.content.slice(0, 80)}…` : last.content;
  return {
    text: last.isError
      ? `The call to ${last.name} failed: ${excerpt}`
      : `Done. ${last.name || "The tool"} returned ${excerpt}`,
    calls: [],
  };
}
