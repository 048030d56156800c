import { hashString } from "../cache";
import type { Segment, SegmentGroup, ToolEntry } from "../core";
import type { TokenCounter } from "../tokens";

/** Segment keys per block text. V8 caches a string's hash in the string, so a repeated lookup is O(1). */
const keyCache = new Map<string, string>();
const KEY_CACHE_LIMIT = 100_000;

function keyOf(text: string): string {
  let key = keyCache.get(text);
  if (key === undefined) {
    if (keyCache.size > KEY_CACHE_LIMIT) keyCache.clear();
    key = hashString(text);
    keyCache.set(text, key);
  }
  return key;
}

/**
 * Builds the segment list of one request. Token counts go through the injected counter, which memoises per
 * text, so a step only pays for blocks it has not seen before.
 */
export class SegmentList {
  readonly segments: Segment[] = [];
  constructor(private readonly counter: TokenCounter) {}

  /**
   * Renders the request's top-level tools through `render` (which adds one segment or more per entry), or reuses
   * the wire objects and segments of an earlier render of equal entries by the same adapter and counter. Every
   * step of a run repeats the same tools, so at 10,000 tools this turns 10,000 memo lookups per request into one
   * shallow comparison. The returned array is the caller's own (it may put `cache_control` on an element).
   */
  addTools<Wire>(adapter: string, entries: readonly ToolEntry[], render: () => Wire[]): Wire[] {
    const byAdapter = renderedToolsMemo.get(this.counter) ?? new Map<string, RenderedTools[]>();
    renderedToolsMemo.set(this.counter, byAdapter);
    const recent = byAdapter.get(adapter) ?? [];
    byAdapter.set(adapter, recent);
    const known = recent.find((candidate) => sameEntries(candidate.entries, entries));
    if (known) {
      // Entries equal by value but not by identity (a new run's entry objects) cost a field-by-field comparison
      // per entry; keeping the latest list's own copy makes every later step of the run compare by identity.
      if (known.source !== entries) {
        known.source = entries;
        known.entries = entries.slice();
      }
      for (const segment of known.segments) this.segments.push(segment);
      return known.wire.slice() as Wire[];
    }
    const first = this.segments.length;
    const wire = render();
    recent.unshift({
      source: entries,
      entries: entries.slice(),
      wire: wire.slice(),
      segments: this.segments.slice(first),
    });
    if (recent.length > RECENT_TOOL_RENDERS) recent.pop();
    return wire;
  }

  /** Adds a block whose prompt contribution is `promptText` (the text the tokenizer sees). */
  add(options: {
    path: string;
    label: string;
    group: SegmentGroup;
    promptText: string;
    toolDefinitionText?: string;
    outsidePrompt?: boolean;
    key?: string;
    tokens?: number;
  }): Segment {
    const tokens = options.outsidePrompt ? 0 : (options.tokens ?? this.counter.count(options.promptText));
    const toolDefinitionTokens = options.outsidePrompt
      ? 0
      : options.toolDefinitionText === undefined
        ? 0
        : options.toolDefinitionText === options.promptText
          ? tokens
          : Math.min(tokens, this.counter.count(options.toolDefinitionText));
    const segment: Segment = {
      path: options.path,
      label: options.label,
      group: options.group,
      key: options.key ?? keyOf(options.promptText),
      tokens,
      toolDefinitionTokens,
      breakpoint: false,
      ...(options.outsidePrompt ? { outsidePrompt: true } : {}),
    };
    this.segments.push(segment);
    return segment;
  }

  /**
   * Adds a catalog tool's block. The whole segment is memoised per tool, variant, tokenizer and position, so a
   * request that repeats 10,000 unchanged definitions reuses 10,000 existing objects instead of building them.
   * Memoised segments are shared between requests: change them only through `markBreakpoint`.
   */
  addTool(
    tool: object,
    variant: string,
    path: string,
    build: () => Omit<Parameters<SegmentList["add"]>[0], "path">,
  ): Segment {
    const byPath = segmentMemo(tool, this.variantKey(variant), () => new Map<string, Segment>());
    let segment = byPath.get(path);
    if (!segment) {
      const template = byPath.values().next().value;
      if (template) segment = { ...template, path };
      else {
        const probe = new SegmentList(this.counter);
        segment = probe.add({ ...build(), path });
      }
      byPath.set(path, segment);
    }
    this.segments.push(segment);
    return segment;
  }

  /** Puts a cache breakpoint on a segment without touching a memoised (shared) segment object. */
  markBreakpoint(index: number): void {
    const segment = this.segments[index];
    if (segment && !segment.breakpoint) this.segments[index] = { ...segment, breakpoint: true };
  }

  private readonly variantKeys = new Map<string, string>();

  private variantKey(variant: string): string {
    let key = this.variantKeys.get(variant);
    if (key === undefined) {
      key = `${variant}|${this.counter.label}`;
      this.variantKeys.set(variant, key);
    }
    return key;
  }

  /** Index of the last segment that is part of the prompt, or -1. */
  lastPromptIndex(): number {
    for (let index = this.segments.length - 1; index >= 0; index -= 1) {
      if (!this.segments[index].outsidePrompt) return index;
    }
    return -1;
  }
}

const segmentMemo = memoisePerTool<Map<string, Segment>>();

/** `entries` is a copy of the list last rendered from it, `source` (compared by identity only). */
type RenderedTools = {
  source: readonly ToolEntry[];
  entries: readonly ToolEntry[];
  wire: readonly unknown[];
  segments: readonly Segment[];
};

/** Renders kept per counter and adapter: one per strategy that shares them is enough to hit on every step. */
const RECENT_TOOL_RENDERS = 8;
let renderedToolsMemo = new WeakMap<TokenCounter, Map<string, RenderedTools[]>>();

/**
 * Forgets every kept render and segment key. The engine's counters live as long as the engine, so the renders of a
 * catalog no longer open (at 10,000 tools its wire objects, segments and texts: tens of megabytes) stay until the
 * worker ends, and so do the keys of its blocks' texts; the engine worker calls this when it moves from a large
 * catalog to a small one (lib/workbench/engine-state.ts `releaseCaches`).
 */
export function forgetToolRenders(): void {
  renderedToolsMemo = new WeakMap();
  keyCache.clear();
}

/** Entries render alike when they are the same kind over the same tool objects (strategies build new entry objects per run). */
function sameEntries(left: readonly ToolEntry[], right: readonly ToolEntry[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    const a = left[index];
    const b = right[index];
    if (a === b) continue;
    if (a.type !== b.type) return false;
    switch (a.type) {
      case "catalog":
        if (a.tool !== (b as typeof a).tool || a.deferred !== (b as typeof a).deferred) return false;
        break;
      case "stub":
      case "helper":
        if (a.tool !== (b as typeof a).tool) return false;
        break;
      case "anthropic-tool-search":
        if (a.variant !== (b as typeof a).variant) return false;
        break;
      case "openai-tool-search":
        if (a.execution !== (b as typeof a).execution) return false;
        break;
      case "openai-namespace": {
        const other = b as typeof a;
        if (a.name !== other.name || a.description !== other.description || !sameTools(a.tools, other.tools))
          return false;
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

/** A namespace's tools: each run builds its own list of the same tool objects. */
function sameTools(left: readonly object[], right: readonly object[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}

/** Memoises a value per catalog tool object and variant, so 10,000 tool definitions are serialised once. */
export function memoisePerTool<T>(): (tool: object, variant: string, build: () => T) => T {
  const store = new WeakMap<object, Map<string, T>>();
  return (tool, variant, build) => {
    let perTool = store.get(tool);
    if (!perTool) {
      perTool = new Map();
      store.set(tool, perTool);
    }
    let value = perTool.get(variant);
    if (value === undefined) {
      value = build();
      perTool.set(variant, value);
    }
    return value;
  };
}
