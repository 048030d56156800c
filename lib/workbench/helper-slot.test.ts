import { describe, expect, it } from "vitest";
import type { EngineHelper } from "./engine-state";
import { createHelperSlot } from "./helper-slot";

/** A helper that only records being stopped (and can be made to fail). */
function fakeHelper(name: string, events: string[]): EngineHelper & { fail(): void } {
  let failed = false;
  return {
    catalogVersion: null,
    get failed() {
      return failed;
    },
    fail() {
      failed = true;
    },
    send: () => Promise.reject(new Error("not used")),
    prepare: () => undefined,
    warmUpCode: () => undefined,
    count: () => Promise.resolve([]),
    stop() {
      events.push(`${name} stopped`);
      failed = true;
    },
  };
}

function slotWithStarts() {
  const events: string[] = [];
  const started: Array<ReturnType<typeof fakeHelper>> = [];
  const slot = createHelperSlot(() => {
    const helper = fakeHelper(`helper ${started.length + 1}`, events);
    started.push(helper);
    events.push(`helper ${started.length} started`);
    return helper;
  });
  return { slot, events, started };
}

describe("the engine worker's helper slot", () => {
  it("keeps a spare through a move to a small catalog, and hands it to the next large catalog", () => {
    const { slot, events, started } = slotWithStarts();
    slot.spare();
    slot.spare();
    expect(events).toEqual(["helper 1 started"]);
    // A spare holds no run to ask about, but counts a first request's texts.
    expect(slot.inUse()).toBeNull();
    expect(slot.counter()).toBe(started[0]);
    slot.stop();
    expect(events).toEqual(["helper 1 started"]);
    // The import that comes finds it loaded: no second start.
    expect(slot.use()).toBe(started[0]);
    expect(slot.inUse()).toBe(started[0]);
    expect(events).toEqual(["helper 1 started"]);
  });

  it("stops a helper in use to free its catalog, and starts a new one for the next large catalog", () => {
    const { slot, events, started } = slotWithStarts();
    expect(slot.use()).toBe(started[0]);
    slot.stop();
    expect(events).toEqual(["helper 1 started", "helper 1 stopped"]);
    expect(slot.inUse()).toBeNull();
    expect(slot.counter()).toBeNull();
    expect(slot.use()).toBe(started[1]);
    expect(events.at(-1)).toBe("helper 2 started");
  });

  it("lets go of a spare that failed, so a later import starts a working one", () => {
    const { slot, events, started } = slotWithStarts();
    slot.spare();
    started[0].fail();
    expect(slot.counter()).toBeNull();
    slot.stop();
    expect(events).toEqual(["helper 1 started", "helper 1 stopped"]);
    expect(slot.use()).toBe(started[1]);
  });

  it("answers with no helper where none can start", () => {
    const slot = createHelperSlot(() => null);
    slot.spare();
    expect(slot.use()).toBeNull();
    expect(slot.inUse()).toBeNull();
    expect(slot.counter()).toBeNull();
    slot.stop();
  });
});
