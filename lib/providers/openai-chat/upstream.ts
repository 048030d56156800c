import type OpenAI from "openai";
import type { SdkCall, SdkClients } from "../sdk-clients";

/**
 * A streaming Chat Completions call. OpenAI sends usage in a last chunk only when asked (`askUsage`); Moonshot puts
 * it in the final chunk's choice anyway and does not document stream_options, so it is not sent there.
 */
export function chatStreamOpener(askUsage: boolean) {
  return (clients: SdkClients, call: SdkCall, signal: AbortSignal): Promise<AsyncIterable<unknown>> => {
    const streamOptions = askUsage ? { stream_options: { include_usage: true } } : {};
    return clients
      .openai()
      .chat.completions.create(
        { ...call.body, ...streamOptions, stream: true } as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming,
        { signal },
      );
  };
}
