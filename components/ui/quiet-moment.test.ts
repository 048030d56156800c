import { afterEach, describe, expect, it, vi } from "vitest";
import { whenQuiet, type InputSource } from "./quiet-moment";

function fakeSource(): InputSource & { press(type?: string): void; listening(): number } {
  const listeners = new Map<string, Set<() => void>>();
  return {
    addEventListener: (type, listener) =>
      void (listeners.get(type) ?? listeners.set(type, new Set()).get(type))!.add(listener),
    removeEventListener: (type, listener) => void listeners.get(type)?.delete(listener),
    press: (type = "keydown") => listeners.get(type)?.forEach((listener) => listener()),
    listening: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

describe("a quiet moment: no key press or click for a while", () => {
  afterEach(() => vi.useRealTimers());

  it("comes after the quiet time when nobody presses anything", () => {
    vi.useFakeTimers();
    const source = fakeSource();
    const callback = vi.fn();
    whenQuiet(callback, { quietMs: 1_000, atMostMs: 10_000, source });
    vi.advanceTimersByTime(999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(source.listening()).toBe(0);
  });

  it("waits while someone steps through the requests, and comes once they pause", () => {
    vi.useFakeTimers();
    const source = fakeSource();
    const callback = vi.fn();
    whenQuiet(callback, { quietMs: 1_000, atMostMs: 10_000, source });
    for (let press = 0; press < 5; press += 1) {
      vi.advanceTimersByTime(600);
      source.press(press % 2 ? "pointerdown" : "keydown");
    }
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it("comes after the longest wait even when the presses never stop, once, and not after a cancel", () => {
    vi.useFakeTimers();
    const source = fakeSource();
    const callback = vi.fn();
    whenQuiet(callback, { quietMs: 1_000, atMostMs: 3_000, source });
    for (let elapsed = 0; elapsed < 5_000; elapsed += 500) {
      source.press();
      vi.advanceTimersByTime(500);
    }
    expect(callback).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    const cancel = whenQuiet(cancelled, { quietMs: 1_000, atMostMs: 3_000, source });
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
    expect(source.listening()).toBe(0);
  });
});
