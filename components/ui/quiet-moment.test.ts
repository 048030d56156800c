import { afterEach, describe, expect, it, vi } from "vitest";
import { whenQuiet, type BusySource, type InputSource } from "./quiet-moment";

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

/** A busy source switched by hand, as the engine client's pending replies switch it. */
function fakeBusy(): BusySource & { set(busy: boolean): void; listening(): number } {
  let busy = false;
  const listeners = new Set<() => void>();
  return {
    busy: () => busy,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(value) {
      busy = value;
      listeners.forEach((listener) => listener());
    },
    listening: () => listeners.size,
  };
}

describe("a quiet moment: no key press or click for a while: no key press or click for a while", () => {
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

  it("does not count while an engine reply is pending, and counts the whole quiet time from when it arrives", () => {
    vi.useFakeTimers();
    const source = fakeSource();
    const busy = fakeBusy();
    const callback = vi.fn();
    busy.set(true);
    whenQuiet(callback, { quietMs: 1_000, atMostMs: 10_000, source, busy });
    vi.advanceTimersByTime(3_000);
    expect(callback).not.toHaveBeenCalled();
    busy.set(false);
    vi.advanceTimersByTime(999);
    expect(callback).not.toHaveBeenCalled();
    // A reply asked for in the middle of the quiet second (a step's detail) starts the count again once it is in.
    busy.set(true);
    vi.advanceTimersByTime(2_000);
    busy.set(false);
    vi.advanceTimersByTime(999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(busy.listening()).toBe(0);
    expect(source.listening()).toBe(0);
  });

  it("a key press while a reply is pending does not start the count, and the longest wait still holds", () => {
    vi.useFakeTimers();
    const source = fakeSource();
    const busy = fakeBusy();
    const callback = vi.fn();
    busy.set(true);
    whenQuiet(callback, { quietMs: 1_000, atMostMs: 5_000, source, busy });
    source.press();
    vi.advanceTimersByTime(4_999);
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(callback).toHaveBeenCalledTimes(1);
    busy.set(false);
    vi.advanceTimersByTime(5_000);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(busy.listening()).toBe(0);
  });
});
