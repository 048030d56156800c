import type { TranscriptBlock } from "../../core";

/**
 * The simulated model's reasoning on a Moonshot thinking model (Kimi K3 always reasons; K2.5+ think by default).
 * The real text is the model's own; this one is short and deterministic so requests stay reproducible, and it is
 * sized like a terse thought: it is counted as output when the model writes it and as input every time it is
 * replayed on a later request (PROTOCOLS §9).
 */
export function simulatedReasoning(blocks: readonly TranscriptBlock[]): string {
  const calls = blocks.filter(
    (block): block is Extract<TranscriptBlock, { type: "tool-call" }> => block.type === "tool-call",
  );
  if (calls.length === 0) return "The tool results answer the question, so I can reply to the user now.";
  const names = calls.map((call) => call.name).join(" and ");
  const inputs = calls.map((call) => JSON.stringify(call.input)).join(", ");
  return `The user's request needs ${names}. I will call it with ${inputs} and read the result before answering.`;
}
