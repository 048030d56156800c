/** Small readers of untyped JSON bodies that every provider's BodyReader shares. */
export type Json = Record<string, unknown>;

export function record(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

export function parseArguments(value: unknown): Record<string, unknown> {
  if (record(value)) return value as Record<string, unknown>;
  if (typeof value !== "string") return {};
  try {
    return record(JSON.parse(value)) ?? {};
  } catch {
    return {};
  }
}

/** Plain text of a message's content (string or blocks), tool results and calls left out. */
export function plainText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .flatMap((part) => {
      const block = record(part);
      return block &&
        (block.type === "text" || block.type === "input_text" || block.type === "output_text") &&
        typeof block.text === "string"
        ? [block.text]
        : [];
    })
    .join("\n");
}
