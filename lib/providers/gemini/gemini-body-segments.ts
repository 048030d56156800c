import type { EngineWarning } from "../../core";
import { SegmentList } from "../segment-list";
import type { BodyContext, BodySegments } from "../types";
import {
  contentLabel,
  contentText,
  declarationsOf,
  declarationText,
  isRecord,
  systemInstructionText,
} from "./gemini-wire";

/**
 * Segments of a generateContent body as sent. Cache order: the system instruction, the function declarations, then
 * `contents` (the order an explicit `cachedContents` object lists them, PROTOCOLS.md Gemini; where the tools sit in
 * the implicit prefix is not published, an assumption). The whole prompt is the implicit cache's breakpoint.
 */
export function geminiBodySegments(body: Record<string, unknown>, context: BodyContext): BodySegments {
  const warnings: EngineWarning[] = [];
  const list = new SegmentList(context.counter);
  const system = systemInstructionText(body);
  if (system) list.add({ path: "systemInstruction", label: "system instruction", group: "system", promptText: system });
  for (const { declaration, path } of declarationsOf(body)) {
    const text = declarationText(declaration);
    list.add({
      path,
      label: `function ${String(declaration.name)}`,
      group: "tools",
      promptText: text,
      toolDefinitionText: text,
    });
  }
  const contents = Array.isArray(body.contents) ? (body.contents as unknown[]) : [];
  contents.forEach((value, index) => {
    const content = isRecord(value) ? value : {};
    list.add({
      path: `contents[${index}]`,
      label: contentLabel(content),
      group: "messages",
      promptText: contentText(content),
    });
  });
  const last = list.lastPromptIndex();
  if (last >= 0) list.markBreakpoint(last);
  return { segments: list.segments, warnings };
}
