import { afterEach, describe, expect, it, vi } from "vitest";
import { holdMonacoUntil, monacoHeld, monacoMayStart, releaseMonaco } from "./monaco-start-gate";

async function settledWithin(promise: Promise<unknown>, milliseconds: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(milliseconds);
  return settled;
}

describe("when Monaco may start loading", () => {
  afterEach(() => {
    holdMonacoUntil(Promise.resolve(), 0);
    vi.useRealTimers();
  });

  it("at once when nothing holds it (the lab, tests)", async () => {
    vi.useFakeTimers();
    expect(await settledWithin(monacoMayStart(), 0)).toBe(true);
  });

  it("at once when a person reaches for an editor, however long the run goes", async () => {
    vi.useFakeTimers();
    holdMonacoUntil(new Promise(() => {}), 30_000);
    const may = monacoMayStart();
    expect(monacoHeld()).toBe(true);
    expect(await settledWithin(may, 10_000)).toBe(false);
    releaseMonaco();
    expect(await settledWithin(may, 0)).toBe(true);
    expect(monacoHeld()).toBe(false);
  });

  it("once the first run has ended, not before", async () => {
    vi.useFakeTimers();
    let answer!: () => void;
    holdMonacoUntil(new Promise<void>((resolve) => (answer = resolve)), 4_000);
    const may = monacoMayStart();
    expect(await settledWithin(may, 1_000)).toBe(false);
    answer();
    expect(await settledWithin(may, 0)).toBe(true);
  });

  it("after the longest wait when the worker never answers, and at once when it fails", async () => {
    vi.useFakeTimers();
    holdMonacoUntil(new Promise(() => {}), 4_000);
    const never = monacoMayStart();
    expect(await settledWithin(never, 3_999)).toBe(false);
    expect(await settledWithin(never, 1)).toBe(true);
    holdMonacoUntil(Promise.reject(new Error("no worker")), 4_000);
    expect(await settledWithin(monacoMayStart(), 0)).toBe(true);
  });
});
