/**
 * A hosted tool_search_call's arguments are `{paths, query}` (OpenAI Agents SDK, ToolSearchCallArguments: "Hosted
 * tool search uses { paths, query }"). A live reply's call is read with its paths and replayed as sent, so the next
 * request's prefix is the one the provider cached.
 */
import { describe, expect, it } from "vitest";
import type { Transcript } from "../core";
import { getModel } from "../models";
import { openaiResponses } from "../providers/openai-responses/openai-responses";
import { DEFAULT_SETTINGS } from "../scenario/default-settings";
import { createTokenCounter } from "../tokens";

describe("hosted tool_search_call arguments", () => {
  it("are read with their paths and rendered back as {paths, query}", () => {
    const call = {
      type: "tool_search_call",
      id: "ts_1",
      call_id: null,
      execution: "server",
      arguments: { paths: ["crm"], query: "find a contact" },
      status: "completed",
    };
    const reply = openaiResponses.readReply({ output: [call] });
    const block = reply.blocks[0];
    expect(block).toMatchObject({ type: "openai-search-call", query: "find a contact", paths: ["crm"] });
    const model = getModel("openai-responses", "gpt-5.4")!;
    const transcript: Transcript = {
      system: "s",
      tools: [],
      messages: [
        { role: "user", blocks: [{ type: "text", text: "hi" }] },
        { role: "assistant", blocks: reply.blocks },
      ],
    };
    const rendered = openaiResponses.renderRequest(transcript, {
      settings: { ...DEFAULT_SETTINGS, provider: "openai-responses", model: "gpt-5.4" },
      model,
      counter: createTokenCounter(model.tokenizer),
      catalogByName: new Map(),
    });
    const input = (rendered.request.body as { input: Array<Record<string, unknown>> }).input;
    const sent = input.find((item) => item.type === "tool_search_call");
    expect(sent?.arguments).toEqual({ paths: ["crm"], query: "find a contact" });
  });
});
