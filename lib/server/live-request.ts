/**
 * What every live route does before it talks to a provider: the page-token/Host/Origin guard, the on/off switch,
 * the rate limit, a capped JSON body, zod validation of the envelope and of the provider's body, the output-token
 * cap, and the choice of endpoint and key. Returns the ready call or the error Response to send.
 */
import type { z } from "zod";
import {
  bodySchemaFor,
  liveCallSchema,
  outputTokenCap,
  PROVIDER_KEY_HEADER,
  type ParsedLiveCall,
} from "../live/api-schema";
import { normaliseKey } from "../live/key-storage";
import { bodyNestingProblem } from "./read-body";
import { readLiveConfig, serverSecrets, type LiveServerConfig } from "./live-config";
import { createLiveLogger, type LiveLogger } from "./live-log";
import { requestClient } from "./live-rate-limit";
import { takeSharedToken } from "./shared-rate-limit";
import { getStore } from "./store";
import { isTargetError, resolveTarget, type LiveTarget } from "./live-target";
import { type AddressLookup, blocksPrivateAddresses, checkPublicAddress } from "./address-guard";
import { ALLOW_SERVER_KEYS_ENV, serverExposure } from "./exposure";
import { errorResponse, guardApiRequest } from "./request-guard";
import { providerFacts } from "../providers/facts";

export type PreparedCall = {
  call: ParsedLiveCall;
  target: LiveTarget;
  config: LiveServerConfig;
  logger: LiveLogger;
  client: string;
  secrets: string[];
};

/** Longest pasted key accepted; real keys are ~100–200 characters. */
const MAX_KEY_LENGTH = 512;

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "body"}: ${issue.message}`)
    .join("; ");
}

/** Reads at most `maxBytes` of the body; never buffers more than that. */
export async function readCappedJson(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const tooLarge = () => ({
    ok: false as const,
    response: errorResponse(
      413,
      "body_too_large",
      `live: the request body is over ${maxBytes} bytes (PLAYGROUND_LIVE_MAX_BODY_BYTES).`,
    ),
  });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().includes("application/json")) {
    return {
      ok: false,
      response: errorResponse(415, "invalid_request", "live: send the request as application/json."),
    };
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge();
  if (!request.body)
    return { ok: false, response: errorResponse(400, "invalid_request", "live: the request has no body.") };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-upload (ECONNRESET): nobody is left to answer, and it is not a server error.
      return { ok: false, response: errorResponse(400, "aborted", "live: the upload was interrupted.") };
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const tooDeep = bodyNestingProblem(text, "live");
  if (tooDeep) return { ok: false, response: errorResponse(400, "invalid_request", `${tooDeep}.`) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: errorResponse(400, "invalid_request", "live: the request body is not valid JSON.") };
  }
}

export async function prepareLiveCall(
  request: Request,
  scope: "send" | "count",
  env: Record<string, string | undefined> = process.env,
  options: { lookup?: AddressLookup } = {},
): Promise<PreparedCall | Response> {
  const refused = guardApiRequest(request);
  if (refused) return refused;
  const config = readLiveConfig(env);
  const pasted = request.headers.get(PROVIDER_KEY_HEADER);
  const pastedKey = pasted ? normaliseKey(pasted) : undefined;
  const secrets = [...serverSecrets(config), ...(pastedKey ? [pastedKey] : [])];
  const logger = createLiveLogger({
    secrets,
    console: config.logToConsole,
    ...(config.logFile ? { file: config.logFile } : {}),
  });
  const client = requestClient(request, config.trustedProxyHops);
  if (!config.enabled)
    return errorResponse(403, "live_disabled", "live: live mode is turned off on this server (PLAYGROUND_LIVE=off).");
  if (
    pastedKey !== undefined &&
    (pastedKey.length === 0 || pastedKey.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(pastedKey))
  ) {
    return errorResponse(
      400,
      "invalid_request",
      `live: the ${PROVIDER_KEY_HEADER} header does not look like an API key.`,
    );
  }

  const allowed = await takeSharedToken(() => getStore(env).rateLimits(), scope, client, config.rateLimit);
  if (!allowed.ok) {
    logger.warn("live.rate_limited", { scope, client: hashedClient(client) });
    return errorResponse(
      429,
      "rate_limited",
      `live: too many live requests; try again in ${allowed.retryAfterSeconds} s.`,
      { "retry-after": String(allowed.retryAfterSeconds) },
    );
  }

  const body = await readCappedJson(request, config.maxBodyBytes);
  if (!body.ok) return body.response;
  const envelope = liveCallSchema.safeParse(body.value);
  if (!envelope.success) return errorResponse(400, "invalid_request", `live: ${describeIssues(envelope.error.issues)}`);
  const call = envelope.data;
  const wire = bodySchemaFor(call.provider).safeParse(call.body);
  if (!wire.success)
    return errorResponse(
      400,
      "invalid_request",
      `live: ${describeIssues(wire.error.issues.map((issue) => ({ ...issue, path: ["body", ...issue.path] })))}`,
    );
  const cap = outputTokenCap(call.body);
  if (scope === "send" && cap !== undefined && cap > config.maxOutputTokens) {
    return errorResponse(
      400,
      "invalid_request",
      `live: an output limit of ${cap} tokens is above this server's cap of ${config.maxOutputTokens} (PLAYGROUND_LIVE_MAX_OUTPUT_TOKENS).`,
    );
  }
  if (call.betas.length && !providerFacts(call.provider).betas)
    return errorResponse(400, "invalid_request", "live: betas are an Anthropic feature.");

  const target = resolveTarget(call.provider, call.endpoint, pastedKey, config, String(call.body.model));
  if (isTargetError(target)) return errorResponse(target.status, target.code, target.message);
  if (target.keySource === "server" && !serverKeysUsable(env)) {
    return errorResponse(
      403,
      "server_keys_disabled",
      `live: this server is reachable from the network, so its own provider keys are not lent to visitors; paste your own key (the owner can allow them with ${ALLOW_SERVER_KEYS_ENV}=1).`,
    );
  }
  if (!target.trusted && blocksPrivateAddresses(env)) {
    // The browser chose this URL; on an exposed server it must not lead into the owner's network (the same rule as
    // MCP URL import, lib/server/address-guard.ts).
    const verdict = await checkPublicAddress(new URL(target.baseURL), options.lookup);
    if (!verdict.ok) return errorResponse(403, "base_url_not_allowed", `live: ${verdict.message}.`);
  }
  return { call, target, config, logger, client, secrets };
}

/**
 * Whether a request may spend a key from the server's environment: always on a loopback-only server, and on an
 * exposed one (docs/SECURITY.md "Exposed") only when the owner says so, because everyone who can load the page
 * can then spend it.
 */
export function serverKeysUsable(env: Record<string, string | undefined> = process.env): boolean {
  if (!serverExposure(env).exposed) return true;
  return /^(1|true|yes|on)$/i.test(env[ALLOW_SERVER_KEYS_ENV]?.trim() ?? "");
}

/** Log lines name a client by a short hash, not its address. */
export function hashedClient(client: string): string {
  let hash = 2166136261;
  for (let index = 0; index < client.length; index += 1) hash = Math.imul(hash ^ client.charCodeAt(index), 16777619);
  return (hash >>> 0).toString(36);
}
