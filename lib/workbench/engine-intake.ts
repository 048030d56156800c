/**
 * The engine worker's intake. An import's file crosses from the page as the `Blob` itself and its text is read here:
 * decoding megabytes of text into a string takes a thread 0.15–0.3 s at 10,000 tools, and on the page's thread it was
 * the longest task of a person's import. The messages the page sent behind it (the import's run) wait until it is
 * read, so the message loop receives everything in the order the page sent it.
 */
import type { EngineRequest, EngineResponse, PageEngineRequest } from "./engine-messages";

/** What the worker answers for a request whose file could not be read (the page shows it as the import's error). */
export type UnreadableFile = { requestId: number; reason: string };

export function inOrderIntake(
  receive: (message: EngineRequest) => void,
  unreadable: (failure: UnreadableFile) => void,
): (message: PageEngineRequest) => void {
  let behind: Promise<void> = Promise.resolve();
  let waiting = 0;
  return (message) => {
    const file = message.kind === "parse-catalog" && typeof message.text !== "string" ? message.text : null;
    if (!file && waiting === 0) return receive(message as EngineRequest);
    waiting += 1;
    // Read at once, delivered in turn.
    const text = file?.text();
    behind = behind.then(async () => {
      try {
        if (!text) return receive(message as EngineRequest);
        let read: string;
        try {
          read = await text;
        } catch (error) {
          return unreadable({
            requestId: message.requestId,
            reason: error instanceof Error ? error.message : String(error),
          });
        }
        receive({ ...(message as Extract<EngineRequest, { kind: "parse-catalog" }>), text: read });
      } finally {
        waiting -= 1;
      }
    });
    // `receive` only queues (lib/workbench/engine-host.ts); were it ever to throw, the messages behind still arrive.
    behind = behind.catch(() => undefined);
  };
}

/**
 * An engine worker's intake (the page's or the helper's): a file that cannot be read is answered as its request's
 * error, naming the worker, and the messages behind it go on.
 */
export function engineWorkerIntake(
  receive: (message: EngineRequest) => void,
  post: (response: EngineResponse) => void,
  worker: string,
): (message: PageEngineRequest) => void {
  return inOrderIntake(receive, ({ requestId, reason }) =>
    post({
      kind: "error",
      requestId,
      request: "parse-catalog",
      message: `${worker}: the file could not be read (${reason})`,
    }),
  );
}
