import type { ProviderId } from "../core/ids";
import { providerFacts } from "../providers/facts";

export function providerLabel(provider: ProviderId): string {
  return providerFacts(provider)?.name ?? provider;
}
