/**
 * A small pool of worker threads that run share-canonical.ts for POST /api/share. Decoding a heavy payload takes
 * about a second of CPU; on the request thread that stalled every other request (GET / took 8 s during 8
 * concurrent posts). Here the event loop only hands strings over and back.
 *
 * Bounded: at most `size` decodes run at once and at most `maxQueued` wait; beyond that the route answers 503 at
 * once instead of piling up memory. A decode that takes longer than `timeoutMs` has its worker terminated and
 * replaced. Node-only.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CanonicalShare } from "./share-canonical";

export type ShareDecoder = (payload: string, maxPayloadChars: number) => Promise<CanonicalShare | { busy: true }>;

type Pending = {
  id: number;
  payload: string;
  maxPayloadChars: number;
  resolve: (result: CanonicalShare) => void;
  timer?: NodeJS.Timeout;
};

type Slot = { worker: Worker; task: Pending | null };

const WORKER_TIMEOUT_MS = 15_000;

function spawnWorker(): Worker {
  if (process.env.VITEST) {
    // Under Vitest the entry is TypeScript source, which Node 20 cannot load by itself; tsx's require hook can.
    // (`execArgv: ["--import", "tsx"]` does not work for worker entries on Node 20.)
    const entry = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      /*turbopackIgnore: true*/ "share-decode-worker.ts",
    );
    return new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(entry)});`, {
      eval: true,
      name: "share-decode",
    });
  }
  // Turbopack bundles the worker entry: it recognises `new Worker(new URL(…, import.meta.url))`.
  return new Worker(new URL("./share-decode-worker.ts", import.meta.url), { name: "share-decode" });
}

export class ShareDecoderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(
    private readonly options: { size: number; maxQueued: number; timeoutMs?: number } = {
      size: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      maxQueued: 32,
    },
  ) {}

  decode: ShareDecoder = (payload, maxPayloadChars) => {
    if (this.queue.length >= this.options.maxQueued) return Promise.resolve({ busy: true as const });
    return new Promise<CanonicalShare>((resolve) => {
      this.queue.push({ id: this.nextId++, payload, maxPayloadChars, resolve });
      this.pump();
    });
  };

  /** Stops every worker (tests, shutdown). Waiting decodes are answered with an error. */
  async close(): Promise<void> {
    for (const pending of this.queue.splice(0))
      pending.resolve({ ok: false, code: "unavailable", message: "share: the server is shutting down" });
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.task === null);
      if (!slot && this.slots.length < this.options.size) slot = this.addSlot();
      if (!slot) return;
      const task = this.queue.shift() as Pending;
      slot.task = task;
      task.timer = setTimeout(() => this.fail(slot as Slot, "timeout"), this.options.timeoutMs ?? WORKER_TIMEOUT_MS);
      slot.worker.postMessage({ id: task.id, payload: task.payload, maxPayloadChars: task.maxPayloadChars });
    }
  }

  private addSlot(): Slot {
    const slot: Slot = { worker: spawnWorker(), task: null };
    slot.worker.on("message", (message: { id: number; result: CanonicalShare }) => {
      const task = slot.task;
      if (!task || task.id !== message.id) return;
      clearTimeout(task.timer);
      slot.task = null;
      task.resolve(message.result);
      this.pump();
    });
    slot.worker.on("error", () => this.fail(slot, "crashed"));
    slot.worker.on("exit", () => this.fail(slot, "crashed"));
    // An idle pool must not keep a CLI or a test process alive.
    slot.worker.unref();
    this.slots.push(slot);
    return slot;
  }

  /** Answers the slot's task with an error and replaces its worker. */
  private fail(slot: Slot, reason: "timeout" | "crashed"): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = slot.task;
    slot.task = null;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    if (task) {
      clearTimeout(task.timer);
      task.resolve({
        ok: false,
        code: reason === "timeout" ? "too-slow" : "corrupt",
        message:
          reason === "timeout"
            ? "share: decoding this payload took too long; download the scenario file instead"
            : "share: the payload could not be decoded",
      });
    }
    this.pump();
  }
}

// One pool per process, kept on globalThis because Next.js may load this module once per route bundle.
const POOL_KEY = Symbol.for("tool-disclosure-playground.share-decoder-pool");
type PoolHolder = { [POOL_KEY]?: ShareDecoderPool };

export function shareDecoderPool(): ShareDecoderPool {
  const holder = globalThis as PoolHolder;
  holder[POOL_KEY] ??= new ShareDecoderPool();
  return holder[POOL_KEY];
}
