"use client";
import { useTranslations } from "use-intl";
import type { StepToolChange } from "@/lib/core/run";

/** The message of each outcome; typed so that a change and a place that cannot go together has no message. */
const MESSAGES = {
  remove: {
    "removal-message": "toolChange.step.remove.removal-message",
    messages: "toolChange.step.remove.messages",
    tools: "toolChange.step.remove.tools",
    none: "toolChange.step.remove.none",
  },
  insert: {
    "removal-message": "toolChange.step.insert.none",
    messages: "toolChange.step.insert.messages",
    tools: "toolChange.step.insert.tools",
    none: "toolChange.step.insert.none",
  },
} as const;

/** What a scripted tool change did just before this request (the engine's `step.toolChange`), in words. */
export function ToolChangeNote({ change }: { change: StepToolChange | undefined }) {
  const t = useTranslations("variants");
  if (!change) return null;
  return (
    <li className="flex gap-2 font-medium text-ink" data-testid="step-tool-change" data-where={change.where}>
      <span aria-hidden className="text-muted">
        ⇄
      </span>
      <span>
        {t.rich(MESSAGES[change.change][change.where], {
          tool: change.tool,
          code: (chunks) => <code>{chunks}</code>,
        })}
      </span>
    </li>
  );
}
