import type OpenAI from "openai";
import type { SdkCall, SdkClients } from "../sdk-clients";

export function openResponsesStream(
  clients: SdkClients,
  call: SdkCall,
  signal: AbortSignal,
): Promise<AsyncIterable<unknown>> {
  return clients
    .openai()
    .responses.create({ ...call.body, stream: true } as unknown as OpenAI.Responses.ResponseCreateParamsStreaming, {
      signal,
    });
}
