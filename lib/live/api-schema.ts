/**
 * The wire contract between the page and the live routes, as zod schemas (the routes validate with them, the
 * browser transport uses the inferred types). Top-level body keys are allow-listed per provider: the routes
 * spend the owner's money, so nothing the engine does not render (`n`, `background`, `stream`…) gets through.
 * Content inside messages and tools is passed as is; the byte cap on the body bounds it.
 */
import { z } from "zod";
import { providerFacts, type ProviderFacts } from "../providers/facts";
import { PROVIDER_IDS, type ProviderId } from "../core/ids";

export {
  COUNT_TOKENS_PATH,
  LIVE_SEND_PATH,
  LIVE_STATUS_PATH,
  PROVIDER_KEY_HEADER,
  PROVIDER_STATUS_HEADER,
} from "./paths";

/** Anthropic documents at most 10,000 deferred tools per request (PROTOCOLS §1.3), plus the search tool. */
export const MAX_TOOLS = 10_001;
export const MAX_MESSAGES = 10_000;
export const MAX_BETAS = 16;

const MODEL_ID = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,127}$/,
    "a model id: letters, digits and ._:/@+- only, at most 128 characters",
  );
const SHORT_STRING = z.string().max(256);
const OBJECT = z.record(z.string(), z.unknown());
const TOOLS = z.array(OBJECT).max(MAX_TOOLS);
const positiveInt = z.number().int().positive();

export const BETA_VALUE = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,79}$/, "a beta name like advanced-tool-use-2025-11-20");

export const anthropicBodySchema = z
  .object({
    model: MODEL_ID,
    max_tokens: positiveInt,
    system: z.union([z.string(), z.array(OBJECT).max(100)]).optional(),
    messages: z
      .array(
        z
          .object({
            role: z.enum(["user", "assistant", "system"]),
            content: z.union([z.string(), z.array(OBJECT).max(2_000)]),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_MESSAGES),
    tools: TOOLS.optional(),
    tool_choice: OBJECT.optional(),
    cache_control: OBJECT.optional(),
    temperature: z.number().min(0).max(1).optional(),
    thinking: OBJECT.optional(),
  })
  .strict();

export const responsesBodySchema = z
  .object({
    model: MODEL_ID,
    input: z.union([z.string(), z.array(OBJECT).max(MAX_MESSAGES * 4)]),
    instructions: z.string().optional(),
    tools: TOOLS.optional(),
    tool_choice: z.union([SHORT_STRING, OBJECT]).optional(),
    max_output_tokens: positiveInt.optional(),
    prompt_cache_key: SHORT_STRING.optional(),
    prompt_cache_retention: SHORT_STRING.optional(),
    prompt_cache_options: OBJECT.optional(),
    parallel_tool_calls: z.boolean().optional(),
    reasoning: OBJECT.optional(),
    store: z.boolean().optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

export const chatBodySchema = z
  .object({
    model: MODEL_ID,
    messages: z
      .array(OBJECT)
      .min(1)
      .max(MAX_MESSAGES * 4),
    tools: TOOLS.optional(),
    tool_choice: z.union([SHORT_STRING, OBJECT]).optional(),
    max_completion_tokens: positiveInt.optional(),
    max_tokens: positiveInt.optional(),
    // Kimi K3 (and OpenAI reasoning models) take an effort level; the renderer sends K3's documented value.
    reasoning_effort: SHORT_STRING.optional(),
    prompt_cache_key: SHORT_STRING.optional(),
    parallel_tool_calls: z.boolean().optional(),
    temperature: z.number().min(0).max(2).optional(),
  })
  .strict();

/**
 * Gemini generateContent: the model is in the URL on the wire; the live call carries it in `model` beside the body
 * (the upstream opener moves it into the path).
 */
export const generateContentBodySchema = z
  .object({
    model: MODEL_ID,
    contents: z
      .array(OBJECT)
      .min(1)
      .max(MAX_MESSAGES * 4),
    systemInstruction: OBJECT.optional(),
    tools: z.array(OBJECT).max(16).optional(),
    toolConfig: OBJECT.optional(),
    generationConfig: OBJECT.optional(),
    cachedContent: SHORT_STRING.optional(),
    /** Explicit caching: the cached content object the route makes first (cachedContents.create, without `model`). */
    cachedContentCreate: z
      .object({
        systemInstruction: OBJECT.optional(),
        tools: z.array(OBJECT).max(16).optional(),
        toolConfig: OBJECT.optional(),
        contents: z
          .array(OBJECT)
          .max(MAX_MESSAGES * 4)
          .optional(),
        ttl: z.string().regex(/^\d{1,7}(\.\d{1,9})?s$/),
        displayName: SHORT_STRING.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export const providerSchema = z.enum(PROVIDER_IDS as [ProviderId, ...ProviderId[]]);

export const endpointSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("official") }).strict(),
  z.object({ kind: z.literal("compatible") }).strict(),
  z.object({ kind: z.literal("custom"), baseUrl: z.url({ protocol: /^https?$/ }).max(2_048) }).strict(),
]);

/** `POST /api/live/send` and `POST /api/count-tokens`: the same envelope. */
export const liveCallSchema = z
  .object({
    provider: providerSchema,
    endpoint: endpointSchema.default({ kind: "official" }),
    body: OBJECT,
    betas: z.array(BETA_VALUE).max(MAX_BETAS).default([]),
  })
  .strict();

export type ParsedLiveCall = z.output<typeof liveCallSchema>;

/** The body schema that applies to a provider's wire format. */
export function bodySchemaFor(provider: z.infer<typeof providerSchema>) {
  return BODY_SCHEMAS[providerFacts(provider).bodyShape];
}

const BODY_SCHEMAS = {
  messages: anthropicBodySchema,
  responses: responsesBodySchema,
  "chat-completions": chatBodySchema,
  "generate-content": generateContentBodySchema,
} satisfies Record<ProviderFacts["bodyShape"], z.ZodType>;

/** The output-token cap of a body, whichever field the wire format uses. */
export function outputTokenCap(body: Record<string, unknown>): number | undefined {
  for (const key of ["max_tokens", "max_output_tokens", "max_completion_tokens"]) {
    if (typeof body[key] === "number") return body[key] as number;
  }
  const generation = body.generationConfig as Record<string, unknown> | undefined;
  if (typeof generation?.maxOutputTokens === "number") return generation.maxOutputTokens;
  return undefined;
}

/** One NDJSON line of the `/api/live/send` answer stream. */
export type LiveStreamLine =
  | { type: "part"; part: number; kind: string; name?: string }
  | { type: "delta"; part: number; text: string }
  | { type: "ping" }
  | { type: "done"; response: Record<string, unknown>; usage: unknown; durationMs: number }
  | {
      type: "error";
      status: number;
      error: { code: string; message: string };
      providerStatus?: number;
      retryAfterSeconds?: number;
    };

/** `GET /api/live/status`: what the server can do, never a key. */
export type LiveStatusBody = {
  enabled: boolean;
  /** Providers with a key in the server's environment. */
  /** Per account (`ProviderAccount`), and `compatible` for the configured OpenAI-compatible server. */
  serverKeys: Partial<Record<ProviderFacts["account"] | "compatible", boolean>>;
  compatibleBaseUrlConfigured: boolean;
  customBaseUrl: "disabled" | "allow-list" | "any";
  maxOutputTokens: number;
};

/** `POST /api/count-tokens` answer. */
export type CountTokensBody = { inputTokens: number; method: string; provider: string; model: string; note?: string };
