import type { ProviderId } from "../../core/ids";
import type { PreviewEvent } from "../types";
import { createAnthropicAccumulator } from "./anthropic-stream";
import { createChatAccumulator } from "./chat-stream";
import { createResponsesAccumulator } from "./responses-stream";

/** Folds a provider's stream events into its complete response body, emitting previews on the way. */
export interface StreamAccumulator {
  push(event: Record<string, unknown>): void;
  /** The response as a non-streaming call would have returned it (best effort when the stream was cut). */
  result(): Record<string, unknown>;
}

export function createStreamAccumulator(provider: ProviderId, emit: (event: PreviewEvent) => void): StreamAccumulator {
  if (provider === "anthropic") return createAnthropicAccumulator(emit);
  if (provider === "openai-responses") return createResponsesAccumulator(emit);
  return createChatAccumulator(emit);
}

/** An error the provider reported inside a stream that had started (OpenAI `error` / `response.failed`). */
export class ProviderStreamError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = "ProviderStreamError";
  }
}
