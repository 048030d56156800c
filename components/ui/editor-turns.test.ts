import { describe, expect, it } from "vitest";
import { createTurnQueue, type TurnTimers } from "./editor-turns";

/** Timers the test runs by hand: `later` callbacks wait until `runLater` (a later task). */
function manualTimers() {
  const pending: Array<{ callback: () => void; delayMs: number; cancelled: boolean }> = [];
  const timers: TurnTimers = {
    later(callback, delayMs) {
      const entry = { callback, delayMs, cancelled: false };
      pending.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  };
  /** Runs the due callbacks with at most `upToMs` of delay (0: the next task's), once each. */
  const runLater = (upToMs = 0) => {
    const due = pending.filter((entry) => !entry.cancelled && entry.delayMs <= upToMs);
    due.forEach((entry) => pending.splice(pending.indexOf(entry), 1));
    due.forEach((entry) => entry.callback());
  };
  return { timers, runLater };
}

describe("editor turns", () => {
  it("grants the first editor at once and the next one only in a later task after the first has mounted", () => {
    const { timers, runLater } = manualTimers();
    const queue = createTurnQueue(timers);
    const granted: string[] = [];
    const requestViewerDone = queue.request(() => granted.push("request viewer"));
    queue.request(() => granted.push("catalog editor"));
    expect(granted).toEqual(["request viewer"]);
    runLater();
    // Still creating the first: the second waits.
    expect(granted).toEqual(["request viewer"]);
    requestViewerDone();
    expect(granted).toEqual(["request viewer"]);
    runLater();
    expect(granted).toEqual(["request viewer", "catalog editor"]);
  });

  it("drops a waiting editor that unmounts before its turn, and goes on with the one after it", () => {
    const { timers, runLater } = manualTimers();
    const queue = createTurnQueue(timers);
    const granted: string[] = [];
    const firstDone = queue.request(() => granted.push("first"));
    const secondDone = queue.request(() => granted.push("second"));
    queue.request(() => granted.push("third"));
    secondDone();
    firstDone();
    runLater();
    expect(granted).toEqual(["first", "third"]);
  });

  it("hands the turn on when its holder never mounts (its code failed to load)", () => {
    const { timers, runLater } = manualTimers();
    const queue = createTurnQueue(timers, 5_000);
    const granted: string[] = [];
    queue.request(() => granted.push("stuck"));
    queue.request(() => granted.push("next"));
    runLater(0);
    expect(granted).toEqual(["stuck"]);
    runLater(5_000);
    runLater(0);
    expect(granted).toEqual(["stuck", "next"]);
  });

  it("gives the turn at once when nobody holds or awaits it, and ignores a second done", () => {
    const { timers, runLater } = manualTimers();
    const queue = createTurnQueue(timers);
    const granted: string[] = [];
    const done = queue.request(() => granted.push("one"));
    done();
    done();
    runLater();
    queue.request(() => granted.push("two"));
    expect(granted).toEqual(["one", "two"]);
    // A second done of the first editor must not take the turn from the second.
    done();
    queue.request(() => granted.push("three"));
    runLater();
    expect(granted).toEqual(["one", "two"]);
  });
});
