/**
 * A share link for an experiment's results: the task-run results, deflated and base64url-encoded into the
 * address's fragment (`#results=`), so the server never sees them and the link opens the same table, charts and
 * comparisons. Keys are never part of a result.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";
import type { TaskRunResult } from "./types";

export const RESULTS_FRAGMENT = "results=";
const VERSION = 1;

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 1) binary += String.fromCharCode(bytes[index]);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

export type SharedResults = { title: string; results: TaskRunResult[] };

export function encodeResults(shared: SharedResults): string {
  return `${RESULTS_FRAGMENT}${toBase64Url(deflateSync(strToU8(JSON.stringify({ v: VERSION, ...shared }))))}`;
}

/** Undefined for a fragment that is not a results link or does not decode. */
export function decodeResults(fragment: string): SharedResults | undefined {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith(RESULTS_FRAGMENT)) return undefined;
  try {
    const value = JSON.parse(strFromU8(inflateSync(fromBase64Url(text.slice(RESULTS_FRAGMENT.length))))) as {
      v?: unknown;
      title?: unknown;
      results?: unknown;
    };
    if (value.v !== VERSION || !Array.isArray(value.results)) return undefined;
    return { title: typeof value.title === "string" ? value.title : "", results: value.results as TaskRunResult[] };
  } catch {
    return undefined;
  }
}
