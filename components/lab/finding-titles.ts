import type { DescriptionFinding, DescriptionFindingCode } from "@/lib/search/lint-description";

export const FINDING_TITLES: Record<DescriptionFindingCode, string> = {
  "description-too-short": "Description too short",
  "description-too-long": "Description too long",
  "parameter-without-description": "Arguments without a description",
  "name-word-missing": "Name words missing from the description",
  "vague-verb": "Vague verbs",
  "near-duplicate-description": "Near-duplicate descriptions",
};

/** The fix for a group of findings of one kind: the linter's own suggestion, which names no tool except here. */
export function groupSuggestion(code: DescriptionFindingCode, findings: readonly DescriptionFinding[]): string {
  if (code === "near-duplicate-description")
    return "Say what sets each tool apart from its twin: search cannot rank two tools apart on the same words.";
  return findings[0]?.suggestion ?? "";
}
