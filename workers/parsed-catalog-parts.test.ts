/**
 * A person's own large catalog crosses from the engine worker in parts (each read in a task of its own on the page),
 * and the page's parseCatalog answers with the whole catalog, as if it had come in one message.
 */
import { describe, expect, it } from "vitest";
import type { EngineRequest } from "@/lib/workbench/engine-messages";
import { EXAMPLE_TOOLS_PART, splitCatalogParsedAnswer } from "@/lib/workbench/example-parts";
import { EngineClient } from "./engine-client";
import { FakeEngineWorker } from "./fake-engine-worker";

describe("EngineClient.parseCatalog", () => {
  it("joins a large catalog's parts into the answer", async () => {
    const worker = new FakeEngineWorker();
    const client = new EngineClient(worker);
    const parsing = client.parseCatalog("…", "my-tools.json");
    const request = worker.sent.at(-1) as Extract<EngineRequest, { kind: "parse-catalog" }>;
    const tools = Array.from({ length: EXAMPLE_TOOLS_PART * 2 + 1 }, (_, index) => ({
      name: `own_${index}`,
      description: "Own tool.",
      inputSchema: { type: "object" as const },
    }));
    const messages = splitCatalogParsedAnswer({
      kind: "catalog-parsed",
      requestId: request.requestId,
      catalogVersion: request.catalogVersion,
      problems: [],
      catalog: { tools },
    });
    expect(messages).toHaveLength(4);
    messages.forEach((message) => worker.answer(message));
    const outcome = await parsing;
    expect(outcome.ok && outcome.value.catalog?.tools).toEqual(tools);
    client.dispose();
  });
});
