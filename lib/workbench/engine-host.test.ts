import { describe, expect, it } from "vitest";
import { createEngineHost, messageChannelYield } from "./engine-host";
import type { EngineDependencies } from "./engine-state";

describe("messageChannelYield", () => {
  it("resolves each yield in turn, after what was already queued", async () => {
    const yieldToEvents = messageChannelYield();
    const order: string[] = [];
    const first = yieldToEvents().then(() => order.push("first"));
    const second = yieldToEvents().then(() => order.push("second"));
    await Promise.resolve().then(() => order.push("microtask"));
    await Promise.all([first, second]);
    expect(order).toEqual(["microtask", "first", "second"]);
  });
});

describe("createEngineHost", () => {
  it("is busy from a message's arrival until it is answered, with the given yield between messages", async () => {
    let yields = 0;
    const posted: string[] = [];
    const host = createEngineHost({
      post: (response) => void posted.push(response.kind),
      now: () => 0,
      yieldToEvents: async () => void (yields += 1),
      dependencies: {} as EngineDependencies,
    });
    expect(host.busy).toBe(false);
    host.receive({ kind: "tool-tokens", requestId: 1, catalogVersion: 1 });
    expect(host.busy).toBe(true);
    await host.settled();
    expect(host.busy).toBe(false);
    expect(posted).toEqual(["error"]);
    expect(yields).toBe(1);
  });
});
