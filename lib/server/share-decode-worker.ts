/**
 * Worker thread entry (node:worker_threads) for share-decoder.ts: decodes and re-encodes one posted share payload
 * per message, so a heavy payload never stalls the server's event loop. Messages: `{id, payload, maxPayloadChars}`
 * in, `{id, result}` out.
 */
import { parentPort } from "node:worker_threads";
import { canonicalShare } from "./share-canonical";

type Task = { id: number; payload: string; maxPayloadChars: number };

parentPort?.on("message", (task: Task) => {
  let result;
  try {
    result = canonicalShare(task.payload, task.maxPayloadChars);
  } catch (error) {
    result = {
      ok: false,
      code: "corrupt",
      message: `share: the payload could not be read (${error instanceof Error ? error.name : "error"})`,
    };
  }
  parentPort?.postMessage({ id: task.id, result });
});
