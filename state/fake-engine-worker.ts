/** Test support: a Worker stand-in that records what the page sent and answers when the test says so. */
import type { EngineRequest, EngineResponse } from "@/lib/workbench/engine-protocol";
import type { WorkerLike } from "./engine-client";

export class FakeEngineWorker implements WorkerLike {
  sent: EngineRequest[] = [];
  private listener: ((event: MessageEvent<EngineResponse>) => void) | null = null;
  postMessage(message: EngineRequest) {
    this.sent.push(message);
  }
  addEventListener(_type: "message", listener: (event: MessageEvent<EngineResponse>) => void) {
    this.listener = listener;
  }
  terminate() {}
  answer(response: EngineResponse) {
    this.listener?.({ data: response } as MessageEvent<EngineResponse>);
  }
}
