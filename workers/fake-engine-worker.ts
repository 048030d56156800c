/** Test support: a Worker stand-in that records what the page sent and answers (or crashes) when the test says so. */
import type { EngineRequest, EngineResponse } from "@/lib/workbench/engine-messages";
import type { WorkerLike } from "./engine-client";

export class FakeEngineWorker implements WorkerLike {
  sent: EngineRequest[] = [];
  private listener: ((event: { data: EngineResponse }) => void) | null = null;
  private errorListener: ((event: { message?: string }) => void) | null = null;
  postMessage(message: EngineRequest) {
    this.sent.push(message);
  }
  addEventListener(
    type: "message" | "error",
    listener: ((event: { data: EngineResponse }) => void) | ((event: { message?: string }) => void),
  ) {
    if (type === "message") this.listener = listener as (event: { data: EngineResponse }) => void;
    else this.errorListener = listener as (event: { message?: string }) => void;
  }
  terminate() {}
  answer(response: EngineResponse) {
    this.listener?.({ data: response });
  }
  crash(message: string) {
    this.errorListener?.({ message });
  }
}
