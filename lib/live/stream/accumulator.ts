import type { ProviderId } from "../../core/ids";
import type { PreviewEvent, StreamAccumulator } from "../../core";
import { providerAdapter } from "../../providers";

/** Folds a provider's stream events into its complete response body, emitting previews on the way. */
export function createStreamAccumulator(provider: ProviderId, emit: (event: PreviewEvent) => void): StreamAccumulator {
  return providerAdapter(provider).createStreamAccumulator(emit);
}
