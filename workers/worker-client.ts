/**
 * The one way the page, and the engine worker, talk to a Web Worker (engine, lab, decide, trace, token count). Every
 * message either way is an envelope: `kind` says what it is, `requestId` which request it belongs to. Each request belongs to a channel, and only
 * the newest request of a channel counts: an older one resolves as `stale` as soon as a newer one is sent, and its
 * late answer is never applied, so a slow answer can't overwrite a newer one. Requests on the ordered channel (`null`: catalog edits) all count, in
 * order. Errors come back as values, never as rejections, and so does a worker that fails to load or crashes:
 * every pending request, and every later one, resolves with its message, so a page never waits forever.
 */

/** The envelope of every request to a worker and every answer from one. */
export type Envelope = { kind: string; requestId: number };

export type Outcome<T> = { ok: true; value: T } | { ok: false; stale: boolean; message: string };

/** What the client needs of a Worker; a fake in tests. */
export type WorkerLike<Request, Response, Hint = never> = {
  /** A request, or a hint the worker never answers. */
  postMessage(message: Request | Hint): void;
  addEventListener(type: "message", listener: (event: { data: Response }) => void): void;
  /** A worker that fails to load or throws reports here. */
  addEventListener(type: "error", listener: (event: { message?: string }) => void): void;
  terminate(): void;
};

/** How one worker's messages are shaped: the client reads them only through this. */
export type WorkerProtocol<Request, Response> = {
  /** Names the worker in messages: "engine", "lab", "decide". */
  name: string;
  /** The request's channel; `null` for requests that must all be applied in order (they are never stale). */
  channelOf(request: Request): string | null;
  /** The message of an error answer, else undefined; without it an error answer is an answer like any other. */
  errorOf?(response: Response): string | undefined;
  /** An interim answer (progress, one strategy of many): handed to `onInterim`, the request stays open. */
  isInterim?(response: Response): boolean;
  /** The worker skipped the request because a newer one replaced it. */
  isSuperseded?(response: Response): boolean;
};

/** A request without its `requestId`, which the client assigns. */
export type Unnumbered<Request> = Request extends unknown ? Omit<Request, "requestId"> : never;

type Pending<Response> = {
  channel: string | null;
  resolve: (outcome: Outcome<Response>) => void;
  onInterim?: (response: Response) => void;
};

export class WorkerClient<Request extends Envelope, Response extends Envelope, Hint extends { kind: string } = never> {
  private nextRequestId = 1;
  private readonly newest = new Map<string, number>();
  private readonly pending = new Map<number, Pending<Response>>();
  private failure: string | null = null;

  constructor(
    private readonly worker: WorkerLike<Request, Response, Hint>,
    private readonly protocol: WorkerProtocol<Request, Response>,
  ) {
    worker.addEventListener("message", (event) => this.receive(event.data));
    worker.addEventListener("error", (event) =>
      this.fail(`${protocol.name} worker: ${event.message || "failed to load or crashed"}`),
    );
  }

  /** Set once the worker failed; every request then resolves with this message. */
  get failed(): string | null {
    return this.failure;
  }

  /** Whether `requestId` is still the newest request of its channel (for interim answers of a long request). */
  isNewest(channel: string, requestId: number): boolean {
    return this.newest.get(channel) === requestId;
  }

  send(
    request: Unnumbered<Request>,
    options: { onInterim?: (response: Response) => void; channel?: string | null } = {},
  ): { requestId: number; outcome: Promise<Outcome<Response>> } {
    const requestId = this.nextRequestId++;
    const message = { ...request, requestId } as unknown as Request;
    const channel = options.channel !== undefined ? options.channel : this.protocol.channelOf(message);
    if (channel !== null) {
      this.newest.set(channel, requestId);
      // An older request of the channel can no longer count: settle it now (a worker may skip it and never answer).
      for (const [olderId, pending] of this.pending) {
        if (pending.channel !== channel) continue;
        this.pending.delete(olderId);
        pending.resolve({
          ok: false,
          stale: true,
          message: `${this.protocol.name}: a newer request replaced this one`,
        });
      }
    }
    if (this.failure !== null)
      return { requestId, outcome: Promise.resolve({ ok: false, stale: false, message: this.failure }) };
    const outcome = new Promise<Outcome<Response>>((resolve) => {
      this.pending.set(requestId, { channel, resolve, onInterim: options.onInterim });
    });
    try {
      this.worker.postMessage(message);
    } catch (error) {
      // A message that cannot be cloned: answered as an error, the worker is untouched.
      this.pending.delete(requestId);
      const text = `${this.protocol.name} worker: ${error instanceof Error ? error.message : String(error)}`;
      return { requestId, outcome: Promise.resolve({ ok: false, stale: false, message: text }) };
    }
    return { requestId, outcome };
  }

  /**
   * Posts a hint the worker never answers (it may start work it will be asked for). Nothing is sent once the worker
   * failed, and a hint that cannot be sent is dropped: it only ever saves time.
   */
  notify(hint: Hint): void {
    if (this.failure !== null) return;
    try {
      this.worker.postMessage(hint);
    } catch {
      // Dropped: the worker does the work when it is asked to.
    }
  }

  dispose(): void {
    this.worker.terminate();
    this.fail(`${this.protocol.name} worker: stopped`);
  }

  private fail(message: string): void {
    this.failure ??= message;
    for (const pending of this.pending.values()) pending.resolve({ ok: false, stale: false, message });
    this.pending.clear();
  }

  private receive(response: Response): void {
    const requestId = response.requestId;
    const pending = this.pending.get(requestId);
    if (!pending) return;
    const stale = pending.channel !== null && this.newest.get(pending.channel) !== requestId;
    if (this.protocol.isInterim?.(response)) {
      if (!stale) pending.onInterim?.(response);
      return;
    }
    this.pending.delete(requestId);
    const error = this.protocol.errorOf?.(response);
    if (error !== undefined) pending.resolve({ ok: false, stale, message: error });
    else if (stale || this.protocol.isSuperseded?.(response))
      pending.resolve({ ok: false, stale: true, message: `${this.protocol.name}: a newer request replaced this one` });
    else pending.resolve({ ok: true, value: response });
  }
}
