import { describe, expect, it } from "vitest";
import { JSON_VIEWER_MAX_CHARS, requestViewerMode } from "./request-viewer-mode";

describe("the request viewer's mode", () => {
  it("shows a body up to the limit as JSON and one character more as plain text folded by indentation", () => {
    expect(requestViewerMode("x".repeat(JSON_VIEWER_MAX_CHARS), "playground/request-body")).toEqual({
      language: "json",
      path: "playground/request-body.json",
      foldingStrategy: "auto",
    });
    expect(requestViewerMode("x".repeat(JSON_VIEWER_MAX_CHARS + 1), "playground/request-body")).toEqual({
      language: "plaintext",
      path: "playground/request-body.txt",
      foldingStrategy: "indentation",
    });
  });

  it("keeps the two modes on different models", () => {
    const small = requestViewerMode("{}", "a");
    const large = requestViewerMode(" ".repeat(JSON_VIEWER_MAX_CHARS + 1), "a");
    expect(small.path).not.toBe(large.path);
  });
});
