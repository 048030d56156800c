/**
 * The one check, shared by MCP URL import and the live routes (send, count), that an exposed server makes before
 * it connects anywhere a visitor chose: the host must not be, or resolve to, a private, loopback, link-local or
 * metadata address (lib/mcp-import/address-policy.ts). Every address a name resolves to is checked, and a name that
 * does not resolve is refused: "cannot tell" must not mean "go ahead" (fetch's own lookup may succeed a moment
 * later, or resolve through another path).
 *
 * The check and fetch's own lookup are two lookups, so a DNS server that answers differently the second time can
 * still slip through; an allow-list (PLAYGROUND_MCP_ALLOWED_URLS, PLAYGROUND_BASE_URL_ALLOWLIST) closes that on a
 * public host (docs/SECURITY.md). Node-only.
 */
import dns from "node:dns";
import net from "node:net";
import { isPrivateAddress } from "../mcp-import/address-policy";
import { ALLOW_PRIVATE_URLS_ENV, serverExposure } from "./exposure";

type Environment = Record<string, string | undefined>;

export type AddressLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: AddressLookup = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * On an exposed server (lib/server/exposure.ts), whether the server refuses to connect to private, loopback and
 * link-local addresses for a visitor: yes, unless the owner set PLAYGROUND_ALLOW_PRIVATE_URLS=1.
 */
export function blocksPrivateAddresses(environment: Environment, listening?: () => string[] | null): boolean {
  if (/^(1|true|yes|on)$/i.test(environment[ALLOW_PRIVATE_URLS_ENV]?.trim() ?? "")) return false;
  return (listening ? serverExposure(environment, listening) : serverExposure(environment)).exposed;
}

export type AddressVerdict = { ok: true } | { ok: false; reason: "private" | "unresolved"; message: string };

/** Whether `url`'s host is a public address (every address its name resolves to). */
export async function checkPublicAddress(url: URL, lookup: AddressLookup = systemLookup): Promise<AddressVerdict> {
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(hostname)) addresses = [hostname];
  else {
    try {
      addresses = await lookup(hostname);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0)
      return {
        ok: false,
        reason: "unresolved",
        message: `${url.host} does not resolve here, so this server cannot check that it is not a private address; it refuses to connect`,
      };
  }
  if (addresses.some(isPrivateAddress))
    return {
      ok: false,
      reason: "private",
      message:
        `${url.origin} is a private, loopback or link-local address, and this server is reachable from the network; ` +
        `connecting to such addresses is off (${ALLOW_PRIVATE_URLS_ENV}=1 allows it)`,
    };
  return { ok: true };
}
