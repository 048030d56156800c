import type Anthropic from "@anthropic-ai/sdk";
import type { SdkCall, SdkClients } from "../sdk-clients";

/** A streaming Messages call; `client.beta.messages` when the call has beta flags. */
export function openAnthropicStream(
  clients: SdkClients,
  call: SdkCall,
  signal: AbortSignal,
): Promise<AsyncIterable<unknown>> {
  const options = { signal };
  const client = clients.anthropic();
  if (call.betas.length) {
    const params = {
      ...call.body,
      betas: call.betas,
      stream: true,
    } as unknown as Anthropic.Beta.Messages.MessageCreateParamsStreaming;
    return client.beta.messages.create(params, options);
  }
  return client.messages.create(
    { ...call.body, stream: true } as unknown as Anthropic.MessageCreateParamsStreaming,
    options,
  );
}
