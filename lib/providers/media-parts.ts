import { hashString } from "../cache";

type Json = Record<string, unknown>;

/**
 * Content parts whose prompt size depends on pixels, seconds or pages rather than on their text: an image's
 * base64 data counted as text would be hundreds of thousands of tokens where the provider bills about a thousand.
 * They are matched for caching (a placeholder carries a hash of the part, so a changed image breaks the prefix) but
 * not counted, as the Anthropic body path does with `image` and `document` blocks.
 */
const MEDIA_PART_TYPES = new Set([
  "image_url",
  "input_image",
  "input_audio",
  "file",
  "input_file",
  "image",
  "document",
]);

export function isMediaPart(part: unknown): boolean {
  return (
    part !== null &&
    typeof part === "object" &&
    !Array.isArray(part) &&
    MEDIA_PART_TYPES.has(String((part as Json).type))
  );
}

/** The text that stands for a media part in a segment's key: its type and a hash of the whole part. */
export function mediaPlaceholder(part: Json): string {
  return `[${String(part.type)} ${hashString(JSON.stringify(part))}]`;
}

export const MEDIA_NOT_COUNTED_WARNING = {
  code: "trace-media-not-counted",
  message: "Images and documents are matched for caching but their tokens are not counted.",
};
