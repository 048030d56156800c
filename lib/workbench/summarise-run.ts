import type { EngineStep, Segment, StrategyRun, WireRequest } from "../engine/types";
import { getModel } from "../models/model-table";
import { explicitCacheSummary } from "../models/native-cache";
import { utf8ByteLength } from "../core/utf8";
import { measuredSizes, prettyLayoutOf } from "../core/json-size";
import { jsonTextLength, keptJsonTextLength } from "./json-length";
import type { RunSummary, StepDetail, StepSummary } from "./types";

export function summariseStep(step: EngineStep, shown: ShownToolLists = SHOWN_TOOL_LISTS): StepSummary {
  // The catalog-text marks are read with the step's detail; the run keeps their summary (`thirdParty`).
  const {
    request,
    response: _response,
    segments,
    segmentStatus: _segmentStatus,
    thirdParty: _marks,
    cacheCreateRequest: _create,
    ...rest
  } = step;
  // `JSON.stringify(request.body).length`, without serialising the tool definitions every request repeats.
  const requestBytes = jsonTextLength(request.body);
  const shownRequestBytes = shownBodyLength(request.body, requestBytes, shown);
  return {
    ...rest,
    segmentCount: segments.length,
    requestBytes,
    ...(shownRequestBytes !== null ? { shownRequestBytes } : {}),
  };
}

export function summariseRun(run: StrategyRun): RunSummary {
  // Where the provider has an explicit cache, the same conversation under it, for the settings' comparison.
  const model = run.refused ? undefined : getModel(run.provider, run.model);
  const explicitCache = model ? explicitCacheSummary(model, run.steps) : null;
  return { ...run, steps: run.steps.map((step) => summariseStep(step)), ...(explicitCache ? { explicitCache } : {}) };
}

/**
 * The requests made so far of a strategy whose run is still going: each step as `summariseRun` gives it, marked
 * `inProgress`, without the run-level figures that need the whole run (the explicit-cache comparison).
 */
export function summariseRunSoFar(run: StrategyRun): RunSummary {
  return { ...run, steps: run.steps.map((step) => summariseStep(step)), inProgress: true };
}

/**
 * One step's detail. `previousRequestJson: false` leaves the previous request's text out (null): the engine worker's
 * answers do, because the run view compares two steps by asking for each, and at 10,000 tools that text alone is
 * ≈ 36 MB of a later step's ≈ 90 MB message (PERFORMANCE.md at 279c54f). The trace view shows it beside the request.
 */
export function stepDetail(
  run: StrategyRun,
  stepIndex: number,
  options: { previousRequestJson?: boolean; requestBody?: boolean; shortenToolLists?: boolean | ShownToolLists } = {},
): StepDetail | null {
  const step = run.steps[stepIndex];
  if (!step) return null;
  const previous = stepIndex > 0 ? run.steps[stepIndex - 1] : null;
  const { body: _body, ...head } = step.request;
  const limits = options.shortenToolLists === true ? SHOWN_TOOL_LISTS : options.shortenToolLists || null;
  const shortened = limits ? shortenedRequestJson(step.request.body, limits) : null;
  return {
    strategyId: run.id,
    stepIndex,
    ...(options.requestBody === false || shortened
      ? { request: head as WireRequest, requestBodyOmitted: true as const }
      : { request: step.request }),
    ...(shortened
      ? {
          requestJson: shortened.text,
          requestJsonShortened: { toolsLeftOut: shortened.toolsLeftOut, bytes: shortened.bytes },
        }
      : { requestJson: JSON.stringify(step.request.body, null, 2) }),
    ...(step.cacheCreateRequest
      ? {
          cacheCreate: {
            url: step.cacheCreateRequest.url,
            json:
              (limits && shortenedRequestJson(step.cacheCreateRequest.body, limits)?.text) ||
              JSON.stringify(step.cacheCreateRequest.body, null, 2),
          },
        }
      : {}),
    previousRequestJson:
      previous && options.previousRequestJson !== false ? JSON.stringify(previous.request.body, null, 2) : null,
    response: step.response,
    segments: step.segments,
    segmentStatus: step.segmentStatus,
    ...(step.rejected ? { rejected: step.rejected } : {}),
    ...(step.thirdParty ? { thirdParty: step.thirdParty } : {}),
    newFrom: previous ? newContentStart(previous.segments, step.segments) : null,
  };
}

/**
 * A detail whose request body was left out (`requestBodyOmitted`, the engine worker's answers) with the body back:
 * `requestJson` parsed on first read (copy as code, the export), so a page that only shows the text never pays for
 * it. Any other detail is returned as it is.
 */
export function withRequestBody(detail: StepDetail): StepDetail {
  // A shortened text is not the body: it stays left out, and whoever needs it asks for the whole detail (copy, the
  // export and the diff do).
  if (!detail.requestBodyOmitted || detail.requestJsonShortened) return detail;
  const { requestBodyOmitted: _omitted, ...rest } = detail;
  let body: WireRequest["body"] | undefined;
  const request = { ...detail.request };
  Object.defineProperty(request, "body", {
    enumerable: true,
    configurable: true,
    get: () => (body ??= JSON.parse(detail.requestJson) as WireRequest["body"]),
  });
  return { ...rest, request };
}

/** The first index after the last block the previous request also had (blocks outside the prompt do not count). */
export function newContentStart(previous: readonly Segment[], current: readonly Segment[]): number {
  const previousKeys = new Set(previous.filter((segment) => !segment.outsidePrompt).map((segment) => segment.key));
  for (let index = current.length - 1; index >= 0; index -= 1) {
    if (!current[index].outsidePrompt && previousKeys.has(current[index].key)) return index + 1;
  }
  return 0;
}

/**
 * How a shown request's tool lists are shortened. A request holding more than `wholeUpTo` definitions in all keeps
 * `keep` definitions of each tool list longer than `longerThan` (a `tools` array at any depth: the request's own list,
 * or a Responses namespace's members). At 10,000 tools a step's whole text is 4.7–21 MB (≈ 40 MB as a structured
 * clone's UTF-16) for a viewer that shows a screenful of it; the whole text is fetched when it is copied, exported or
 * compared. Real catalogs (a few hundred tools, at most a few hundred kilobytes of text) are
 * always shown whole: a person reading their request should see every definition the provider receives.
 */
export type ShownToolLists = { wholeUpTo: number; longerThan: number; keep: number };

export const SHOWN_TOOL_LISTS: ShownToolLists = { wholeUpTo: 1_000, longerThan: 50, keep: 20 };

/** What stands in a shortened list for the definitions left out (a JSON string, so the text stays JSON). */
export function leftOutNote(count: number): string {
  return `… ${count.toLocaleString("en-US")} more tool definitions are left out of this view: Copy as JSON gives the whole request`;
}

/** `body`'s pretty JSON with its long tool lists shortened, the number of definitions left out and the whole text's UTF-8 size; null when no list is long. */
function shortenedRequestJson(
  body: unknown,
  limits: ShownToolLists,
): { text: string; toolsLeftOut: number; bytes: number } | null {
  if (definitionCount(body) <= limits.wholeUpTo) return null;
  const lists: { leftOut: readonly unknown[]; note: string; indent: number }[] = [];
  // Each value's depth, by its holder's (JSON.stringify visits a holder before what it holds): an element of an
  // array at depth d is written at 2 × (d + 1) spaces.
  const depths = new WeakMap<object, number>();
  let root = true;
  const text = JSON.stringify(
    body,
    function (this: object, key: string, value: unknown) {
      const depth = root ? 0 : (depths.get(this) ?? 0) + 1;
      root = false;
      let written = value;
      if (key === "tools" && Array.isArray(value) && value.length > limits.longerThan) {
        const leftOut = value.slice(limits.keep);
        const note = leftOutNote(leftOut.length);
        lists.push({ leftOut, note, indent: 2 * (depth + 1) });
        written = [...value.slice(0, limits.keep), note];
      }
      if (typeof written === "object" && written !== null) depths.set(written, depth);
      return written;
    },
    2,
  );
  if (lists.length === 0) return null;
  // The whole text's size without writing it: each note becomes the definitions it stands for, at its indentation,
  // with `,\n` and the indentation between two of them.
  let bytes = utf8ByteLength(text);
  for (const { leftOut, note, indent } of lists) {
    bytes -= utf8ByteLength(JSON.stringify(note));
    for (const item of leftOut) {
      const { bytes: itemBytes, newlines } = prettyJsonSize(item);
      bytes += itemBytes + newlines * indent;
    }
    bytes += (leftOut.length - 1) * (2 + indent);
  }
  return { text, toolsLeftOut: lists.reduce((sum, list) => sum + list.leftOut.length, 0), bytes };
}

/**
 * `JSON.stringify` length of `body` as the page is shown it (its long tool lists shortened as `shortenedRequestJson`
 * does, compact where the view is pretty-printed), from the whole body's length `wholeLength`; null when nothing is
 * shortened. The controller fetches the next step ahead by it (state/playground-controller.ts): at 10,000 tools a
 * request is ≈ 16 MB, the detail the page receives a few hundred kilobytes at most. Like `definitionCount`, it looks
 * for `tools` lists in the body and in the members of a list, not inside a definition's schema. The left-out
 * definitions' lengths are the ones `jsonTextLength` kept while measuring the body; a list's change in length is kept
 * by identity, since the engine hands every step of a strategy the same rendered list.
 */
function shownBodyLength(body: unknown, wholeLength: number, limits: ShownToolLists): number | null {
  if (definitionCount(body) <= limits.wholeUpTo) return null;
  // No list long enough to shorten: shown whole (a shortened list is always shorter).
  const change = shortenedLengthChange(body, limits);
  return change === 0 ? null : wholeLength + change;
}

const listLengthChanges = new WeakMap<readonly unknown[], { limits: ShownToolLists; change: number }>();

function shortenedLengthChange(value: unknown, limits: ShownToolLists): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + shortenedLengthChange(item, limits), 0);
  if (typeof value !== "object" || value === null) return 0;
  let change = 0;
  for (const [key, inner] of Object.entries(value)) {
    if (key !== "tools" || !Array.isArray(inner)) change += shortenedLengthChange(inner, limits);
    else change += toolListLengthChange(inner, limits);
  }
  return change;
}

/** How much shorter (negative) `list` is written shortened, its kept members' own lists included. */
function toolListLengthChange(list: readonly unknown[], limits: ShownToolLists): number {
  const known = listLengthChanges.get(list);
  if (known?.limits === limits) return known.change;
  const long = list.length > limits.longerThan;
  const kept = long ? list.slice(0, limits.keep) : list;
  let change = 0;
  for (const member of kept)
    if (typeof member === "object" && member !== null && "tools" in member)
      change += shortenedLengthChange({ tools: (member as { tools: unknown }).tools }, limits);
  if (long) {
    // n definitions are written with n − 1 commas; the shortened list has `keep` of them and the note, `keep` commas.
    change += limits.keep - (list.length - 1) + JSON.stringify(leftOutNote(list.length - limits.keep)).length;
    for (let index = limits.keep; index < list.length; index += 1) change -= keptJsonTextLength(list[index]);
  }
  listLengthChanges.set(list, { limits, change });
  return change;
}

/**
 * How many definitions the `tools` arrays of a request hold, at any depth (a Responses namespace counts once and its
 * members each). A definition's own insides (its schema) are not walked: only a member's `tools` can hold more.
 */
function definitionCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + definitionCount(item), 0);
  if (typeof value !== "object" || value === null) return 0;
  let count = 0;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "tools" && Array.isArray(inner)) {
      count += inner.length;
      for (const member of inner)
        if (typeof member === "object" && member !== null && "tools" in member)
          count += definitionCount({ tools: (member as { tools: unknown }).tools });
    } else count += definitionCount(inner);
  }
  return count;
}

/**
 * Sizes of `JSON.stringify(item, null, 2)`: a definition's compact size (measured once by the request-size check)
 * plus what its shape adds (`prettyLayoutOf`, kept by identity: a catalog's definitions are the same objects in every
 * request); serialised only for what the shape cannot answer.
 */
const prettySizes = new WeakMap<object, { bytes: number; newlines: number }>();

function prettyJsonSize(item: unknown): { bytes: number; newlines: number } {
  const object = typeof item === "object" && item !== null ? item : null;
  // Without a compact size already measured, serialising pretty-printed costs no more than serialising compact.
  const compact = object ? measuredSizes(object) : undefined;
  const layout = object && compact ? prettyLayoutOf(object) : null;
  if (layout && compact) return { bytes: compact.bytes + layout.atDepthZero, newlines: layout.lineBreaks };
  const known = object ? prettySizes.get(object) : undefined;
  if (known) return known;
  const text = JSON.stringify(item, null, 2) ?? "null";
  let newlines = 0;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) newlines += 1;
  const size = { bytes: utf8ByteLength(text), newlines };
  if (typeof item === "object" && item !== null) prettySizes.set(item, size);
  return size;
}
