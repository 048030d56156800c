/// <reference lib="webworker" />
/**
 * A token-counting helper of the engine worker (lib/tokens/count-in-parallel.ts): counts the batches of texts it is
 * sent with the same o200k tokenizer and answers their counts in order. It keeps nothing: the engine worker's memo
 * and the stored counts (IndexedDB) are where counts live.
 */
import { countO200kTokensUnmemoised } from "@/lib/tokens/o200k";
import type { CountRequest, CountResponse } from "./count-helper";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.addEventListener("message", (event: MessageEvent<CountRequest>) => {
  const { requestId, texts } = event.data;
  let response: CountResponse;
  try {
    response = { kind: "counted", requestId, counts: texts.map((text) => countO200kTokensUnmemoised(text)) };
  } catch (error) {
    response = { kind: "error", requestId, message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(response);
});
