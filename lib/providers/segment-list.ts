import { hashString } from "../cache";
import type { Segment, SegmentGroup } from "../engine/types";
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

  /** Index of the last segment that is part of the prompt, or -1. */
  lastPromptIndex(): number {
    for (let index = this.segments.length - 1; index >= 0; index -= 1) {
      if (!this.segments[index].outsidePrompt) return index;
    }
    return -1;
  }
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
