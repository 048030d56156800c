import type { EngineWarning } from "../../core";
import { renderOpenAIFunctionForCounting } from "../../tokens";
import { hashString } from "../../cache";
import { isMediaPart, MEDIA_NOT_COUNTED_WARNING, mediaPlaceholder } from "../media-parts";
import { SegmentList } from "../segment-list";
import type { BodyContext, BodySegments } from "../types";

type Json = Record<string, unknown>;

const REASONING_NOT_COUNTED_WARNING: EngineWarning = {
  code: "trace-reasoning-not-counted",
  message:
    "Reasoning items sent back are matched for caching but only their summaries are counted: their encrypted text says nothing of their tokens.",
};

function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

/**
 * What a Responses tool contributes to the prompt. Functions are rendered as TypeScript-like declarations
 * (PROTOCOLS §6.3); a deferred function shows only its name and description up front, a namespace only its name
 * and description (§2.1). The renderer computes its tool texts with these same functions.
 */
export function responsesToolPromptText(tool: Json): { text: string; label: string } {
  if (tool.type === "function") {
    const deferred = tool.defer_loading === true;
    const description = typeof tool.description === "string" ? tool.description : undefined;
    const text = deferred
      ? renderOpenAIFunctionForCounting({ name: String(tool.name), description })
      : renderOpenAIFunctionForCounting({ name: String(tool.name), description, parameters: tool.parameters });
    return {
      text,
      label: deferred ? `deferred function ${String(tool.name)} (name + description)` : `function ${String(tool.name)}`,
    };
  }
  if (tool.type === "namespace") {
    const count = Array.isArray(tool.tools) ? tool.tools.length : 0;
    return {
      text: namespacePromptText(String(tool.name), String(tool.description ?? "")),
      label: `namespace ${String(tool.name)} (${count} deferred)`,
    };
  }
  if (tool.type === "tool_search")
    return { text: JSON.stringify(tool), label: `tool_search (${tool.execution === "client" ? "client" : "hosted"})` };
  return { text: JSON.stringify(tool), label: `${String(tool.type ?? "tool").replaceAll("_", " ")}` };
}

export function namespacePromptText(name: string, description: string): string {
  return `// ${description}\nnamespace ${name} {}`;
}

/** Functions a `tool_search_output` loads, as the model sees them: full declarations, appended at the end (§2.3). */
export function loadedToolsPromptText(tools: readonly unknown[]): string {
  // A namespaced function is loaded inside its namespace wrapper (SDK ResponseToolSearchOutputItem.tools): the
  // model sees the functions it loads.
  const functions = tools.flatMap((value) => {
    const tool = record(value) ?? {};
    return tool.type === "namespace" && Array.isArray(tool.tools) ? (tool.tools as unknown[]) : [value];
  });
  return functions
    .map((value) => {
      const tool = record(value) ?? {};
      return renderOpenAIFunctionForCounting({
        name: String(tool.name),
        description: typeof tool.description === "string" ? tool.description : undefined,
        parameters: tool.parameters,
      });
    })
    .join("\n");
}

/** An item's content as prompt text; media parts stand as a hashed placeholder, or are left out to count. */
function contentText(content: unknown, media: "placeholder" | "omit" = "placeholder"): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return JSON.stringify(content ?? "");
  return content
    .flatMap((part) => {
      const block = record(part) ?? {};
      if (isMediaPart(block)) return media === "omit" ? [] : [mediaPlaceholder(block)];
      return [typeof block.text === "string" ? block.text : JSON.stringify(block)];
    })
    .join("\n");
}

/** The prompt text of one input item, and the tool definitions inside it. */
export function responsesItemPromptText(item: Json): {
  text: string;
  definitions?: string;
  label: string;
  /** The text to count when it differs from `text` (media parts and reasoning are matched, not counted). */
  countedText?: string;
  warning?: EngineWarning;
} {
  switch (item.type) {
    case undefined:
    case "message":
      return {
        text: contentText(item.content),
        label: `${String(item.role ?? "user")} message`,
        ...(Array.isArray(item.content) && item.content.some(isMediaPart)
          ? { countedText: contentText(item.content, "omit"), warning: MEDIA_NOT_COUNTED_WARNING }
          : {}),
      };
    case "function_call":
      // Key order as the renderer writes it; `id` and `status` are bookkeeping, not prompt.
      return {
        text: JSON.stringify({ type: item.type, call_id: item.call_id, name: item.name, arguments: item.arguments }),
        label: "function call",
      };
    case "function_call_output":
      return {
        text: typeof item.output === "string" ? item.output : JSON.stringify(item.output ?? ""),
        label: "function call output",
      };
    case "reasoning": {
      // Reasoning sent back (Codex-style `include: ["reasoning.encrypted_content"]`) is the model's hidden reasoning:
      // its encrypted text says nothing of its token count, so it is matched by a hash and only its summary counted.
      const summary = (Array.isArray(item.summary) ? item.summary : [])
        .map((part) => record(part)?.text)
        .filter((text): text is string => typeof text === "string")
        .join("\n");
      return {
        text: `[reasoning ${hashString(JSON.stringify(item))}]${summary ? `\n${summary}` : ""}`,
        label: "reasoning (sent back)",
        countedText: summary,
        warning: REASONING_NOT_COUNTED_WARNING,
      };
    }
    case "tool_search_output": {
      const definitions = loadedToolsPromptText(Array.isArray(item.tools) ? item.tools : []);
      return { text: definitions || "[]", definitions, label: "tool search output" };
    }
    default:
      return { text: JSON.stringify(item), label: String(item.type).replaceAll("_", " ") };
  }
}

/**
 * Segments of a Responses body as sent. Cache order: instructions → tools → input items (an assumption shared with
 * the renderer, docs/DESIGN.md); the whole prompt is the automatic breakpoint (§5.2).
 */
export function responsesBodySegments(body: Json, context: BodyContext): BodySegments {
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  if (typeof body.instructions === "string")
    list.add({ path: "instructions", label: "instructions", group: "system", promptText: body.instructions });
  (Array.isArray(body.tools) ? (body.tools as unknown[]) : []).forEach((value, index) => {
    const rendered = responsesToolPromptText(record(value) ?? {});
    list.add({
      path: `tools[${index}]`,
      label: rendered.label,
      group: "tools",
      promptText: rendered.text,
      toolDefinitionText: rendered.text,
    });
  });
  if (typeof body.input === "string") {
    list.add({ path: "input", label: "user message", group: "messages", promptText: body.input });
  } else if (Array.isArray(body.input)) {
    (body.input as unknown[]).forEach((value, index) => {
      const item = responsesItemPromptText(record(value) ?? {});
      if (item.warning && !warnings.includes(item.warning)) warnings.push(item.warning);
      list.add({
        path: `input[${index}]`,
        label: item.label,
        group: "messages",
        promptText: item.text,
        toolDefinitionText: item.definitions || undefined,
        ...(item.countedText !== undefined ? { tokens: context.counter.count(item.countedText) } : {}),
      });
    });
  }
  if (typeof body.previous_response_id === "string")
    warnings.push({
      code: "trace-previous-response",
      message:
        "This request continues a stored response (previous_response_id): the earlier turns are not in the body, so only what was sent is counted.",
    });
  const last = list.lastPromptIndex();
  if (last >= 0) list.markBreakpoint(last);
  return { segments: list.segments, warnings };
}
