import { chatAdapter } from "../openai-chat/openai-chat";
import type { ProviderAdapter } from "../types";
import { withCacheControlMarkers } from "./explicit-cache";
import { qwenFacts } from "./facts";

export const qwenChat: ProviderAdapter = {
  ...chatAdapter(qwenFacts, "qwen"),
  // The markers go on whatever is sent: below the minimum DashScope caches nothing, and the request is the same.
  explicitCacheRequests: (request) => ({
    request: { ...request, body: withCacheControlMarkers(request.body as { messages: [] }) },
  }),
};
