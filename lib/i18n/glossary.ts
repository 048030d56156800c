/**
 * The Chinese for the field's terms, taken from the design documents where they use one, so the interface never
 * says the same thing two ways. lib/i18n/messages.test.ts holds every message to it: where the English message
 * uses a term, its Chinese message uses the Chinese term. Wire names (`tools`, `defer_loading`, `tool_reference`)
 * are not terms here: they stay as written in both languages.
 */
export type GlossaryTerm = { english: RegExp; chinese: string };

export const TERMS: readonly GlossaryTerm[] = [
  { english: /\btool search\b/i, chinese: "工具搜索" },
  { english: /\bdefer(?:red)? loading\b/i, chinese: "延迟加载" },
  { english: /\bprogressive (?:tool )?disclosure\b/i, chinese: "渐进式" },
  { english: /\bprefix cache\b|\bcache prefix\b/i, chinese: "前缀缓存" },
  { english: /\bprompt cach(?:e|ing)\b/i, chinese: "提示缓存" },
  { english: /\bcache hit rate\b/i, chinese: "缓存命中率" },
  { english: /\bcache reads?\b/i, chinese: "缓存读取" },
  { english: /\bcache writes?\b/i, chinese: "缓存写入" },
  { english: /\btool definitions?\b/i, chinese: "工具定义" },
  { english: /\btool calls?\b/i, chinese: "工具调用" },
  { english: /\bcontext window\b/i, chinese: "上下文窗口" },
  { english: /\bsub-?agent\b/i, chinese: "子代理" },
];
