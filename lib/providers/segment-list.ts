import { hashString } from "../cache";
import type { Segment, SegmentGroup } from "../core";
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
