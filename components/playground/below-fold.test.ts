import { describe, expect, it } from "vitest";
import { mountInSlices, type WhenIdle } from "./below-fold";

/** An idle queue the test drains by hand, and a log of what happened in which order. */
function harness() {
  const log: string[] = [];
  const idle: Array<() => void> = [];
  const whenIdle: WhenIdle = (callback) => {
    idle.push(callback);
    log.push("idle requested");
    return () => {
      const index = idle.indexOf(callback);
      if (index >= 0) idle.splice(index, 1);
      log.push("idle cancelled");
    };
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const runIdle = async () => {
    const callback = idle.shift();
    if (!callback) throw new Error("no idle callback pending");
    callback();
    await settle();
  };
  return { log, idle, whenIdle, settle, runIdle };
}

describe("mountInSlices", () => {
  it("loads each panel's code, then mounts it at the next idle moment, one panel per idle moment, in order", async () => {
    const { log, idle, whenIdle, settle, runIdle } = harness();
    const slices = ["tokens", "cost", "share"].map((name) => ({
      preload: async () => {
        log.push(`preload ${name}`);
      },
    }));
    const counts: number[] = [];
    mountInSlices(slices, whenIdle, (count) => {
      counts.push(count);
      log.push(`mounted ${count}`);
    });
    await settle();
    // Only the first panel's code is asked for; nothing mounts before an idle moment.
    expect(log).toEqual(["preload tokens", "idle requested"]);
    expect(counts).toEqual([]);
    await runIdle();
    expect(counts).toEqual([1]);
    expect(idle).toHaveLength(1);
    await runIdle();
    await runIdle();
    expect(counts).toEqual([1, 2, 3]);
    expect(idle).toHaveLength(0);
    expect(log).toEqual([
      "preload tokens",
      "idle requested",
      "mounted 1",
      "preload cost",
      "idle requested",
      "mounted 2",
      "preload share",
      "idle requested",
      "mounted 3",
    ]);
  });

  it("waits for a panel's code before asking for the idle moment that mounts it", async () => {
    const { log, whenIdle, settle } = harness();
    let finish: () => void = () => undefined;
    const loading = new Promise<void>((resolve) => (finish = resolve));
    mountInSlices([{ preload: () => loading }], whenIdle, () => log.push("mounted"));
    await settle();
    expect(log).toEqual([]);
    finish();
    await settle();
    expect(log).toEqual(["idle requested"]);
  });

  it("mounts a panel whose code failed to load (its own wrapper says so) and goes on with the next", async () => {
    const { whenIdle, settle, runIdle } = harness();
    const counts: number[] = [];
    mountInSlices(
      [
        { preload: () => Promise.reject(new Error("chunk failed")) },
        {
          preload: () => {
            throw new Error("threw before returning a promise");
          },
        },
        { preload: async () => undefined },
      ],
      whenIdle,
      (count) => counts.push(count),
    );
    await settle();
    await runIdle();
    await runIdle();
    await runIdle();
    expect(counts).toEqual([1, 2, 3]);
  });

  it("stops when cancelled: the pending idle moment is cancelled and nothing more mounts", async () => {
    const { log, idle, whenIdle, settle, runIdle } = harness();
    const counts: number[] = [];
    const stop = mountInSlices(
      [{ preload: async () => undefined }, { preload: async () => undefined }],
      whenIdle,
      (count) => counts.push(count),
    );
    await settle();
    await runIdle();
    stop();
    expect(log.at(-1)).toBe("idle cancelled");
    expect(idle).toHaveLength(0);
    await settle();
    expect(counts).toEqual([1]);
  });

  it("does not ask for an idle moment when cancelled while a panel's code is loading", async () => {
    const { log, whenIdle, settle } = harness();
    let finish: () => void = () => undefined;
    const stop = mountInSlices([{ preload: () => new Promise<void>((resolve) => (finish = resolve)) }], whenIdle, () =>
      log.push("mounted"),
    );
    stop();
    finish();
    await settle();
    expect(log).toEqual([]);
  });
});
