/**
 * What counts as English left on a Chinese page: two or more plain English words in a row (letters only, two letters
 * or more) that are not names reading the same in Chinese. Wire names (`tools`, `defer_loading`, model ids) carry
 * underscores, digits or dashes, or sit in `<code>`, and never count. The Chinese browser walk (e2e/chinese.spec.ts)
 * and the unit tests that render panels in zh-CN both judge visible text with this one rule.
 */

import sameInEveryLanguage from "./same-in-every-language.json";

/**
 * Names and abbreviations that read the same in Chinese: providers, products, units and formats, with the names the
 * lint rule lets through (same-in-every-language.json).
 */
export const SAME_IN_CHINESE: readonly string[] = [
  ...sameInEveryLanguage.words,
  "Anthropic",
  "OpenAI",
  "Claude",
  "Sonnet",
  "Opus",
  "Haiku",
  "Kimi",
  "Moonshot",
  "GPT",
  "Chat",
  "Completions",
  "Responses",
  "API",
  "JSON",
  "JSONL",
  "CSV",
  "HAR",
  "MCP",
  "SDK",
  "URL",
  "HTTP",
  "POST",
  "UTF",
  "USD",
  "TTL",
  "MRR",
  "BM25",
  "Markdown",
  "GitHub",
  "Amazon",
  "Bedrock",
  "Converse",
  "Home",
  "End",
  "Tab",
  "English",
];

/** The English word runs in one piece of visible text (a text node's content). */
export function englishRuns(text: string, allowed: readonly string[] = SAME_IN_CHINESE): string[] {
  if (!/[A-Za-z]{2}/.test(text)) return [];
  const allow = new Set(allowed.map((word) => word.toLowerCase()));
  const found: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2) found.push(run.join(" "));
    run = [];
  };
  // A "word" is a run of letters, digits and wire punctuation; only plain letter words count as English.
  for (const chunk of text.split(/\s+/).filter(Boolean)) {
    const word = chunk.replace(/^[("“'‘[]+|[)"”'’\],.;:!?…]+$/g, "");
    const english = /^[A-Za-z]{2,}(?:['’][a-z]+)?$/.test(word) && !allow.has(word.toLowerCase());
    if (english) run.push(word);
    else flush();
    // Punctuation that ends a clause ends a run too.
    if (english && /[,.;:!?…)]$/.test(chunk)) flush();
  }
  flush();
  return found;
}

const SKIPPED_ELEMENTS = ["code", "pre", "kbd", "samp", "script", "style", "noscript", "template"];

/**
 * The visible text of server-rendered markup (`renderToStaticMarkup`), without what the walk skips: code-like
 * elements and `translate="no"`. Entities are decoded; each text between tags is one piece.
 */
export function markupTexts(html: string): string[] {
  let rest = html;
  for (const tag of SKIPPED_ELEMENTS) rest = rest.replace(new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`, "g"), " ");
  // An element marked translate="no" holds no nested element of its own kind in this project's markup.
  rest = rest.replace(/<(\w+)\b[^>]*\btranslate="no"[^>]*>[\s\S]*?<\/\1>/g, " ");
  return rest
    .split(/<[^>]*>/)
    .map((piece) =>
      piece
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&"),
    )
    .filter((piece) => piece.trim() !== "");
}

/** The English runs of server-rendered markup: what the Chinese walk would find in it. */
export function englishInMarkup(html: string): string[] {
  return [...new Set(markupTexts(html).flatMap((text) => englishRuns(text)))];
}
