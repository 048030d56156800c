/**
 * How the request viewer shows a body. Monaco's JSON mode hands the whole text to its language worker, which parses
 * it for validation, folding ranges and the outline on every change; for a 10,000-tool request (≈ 36 MB of pretty
 * JSON) that worker spends ≈ 14 s of CPU while the engine worker is still running the other strategies, on a
 * machine with two cores. Above a few megabytes the body is shown as plain text,
 * folded by indentation (the text is pretty-printed, so the folds are the same objects and arrays) and with no
 * worker at all; the panel says so beside the size.
 */
export const JSON_VIEWER_MAX_CHARS = 2_000_000;

export type RequestViewerMode = {
  language: "json" | "plaintext";
  /** A model path per mode, so switching never hands a large text to the JSON worker under the JSON model. */
  path: string;
  foldingStrategy: "auto" | "indentation";
};

export function requestViewerMode(text: string, basePath: string): RequestViewerMode {
  if (text.length > JSON_VIEWER_MAX_CHARS) {
    return { language: "plaintext", path: `${basePath}.txt`, foldingStrategy: "indentation" };
  }
  return { language: "json", path: `${basePath}.json`, foldingStrategy: "auto" };
}
