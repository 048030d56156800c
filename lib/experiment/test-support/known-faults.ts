/**
 * The experiment tests' fixture: a small catalog whose tools all have required arguments, and tasks whose prompts
 * name their tool's words, so the fake provider's model (test/fake-provider/fake-model.ts) picks the right tool
 * unless its known faults say otherwise. Tests only.
 */
import type { Catalog } from "@/lib/core/catalog";
import type { ExperimentTask } from "../tasks";

export const FAULT_CATALOG: Catalog = {
  tools: [
    {
      name: "get_weather",
      description: "Get the current weather forecast for a city.",
      inputSchema: {
        type: "object",
        properties: { city: { type: "string" } },
        required: ["city"],
        additionalProperties: false,
      },
    },
    {
      name: "send_email",
      description: "Send an email message to a recipient address.",
      inputSchema: {
        type: "object",
        properties: { to: { type: "string" }, subject: { type: "string" } },
        required: ["to", "subject"],
      },
    },
    {
      name: "create_invoice",
      description: "Create a billing invoice for a customer amount.",
      inputSchema: {
        type: "object",
        properties: { customer: { type: "string" }, amount: { type: "number" } },
        required: ["customer", "amount"],
      },
    },
    {
      name: "translate_text",
      description: "Translate text into another language.",
      inputSchema: {
        type: "object",
        properties: { text: { type: "string" }, language: { type: "string" } },
        required: ["text", "language"],
      },
    },
  ],
};

const TEMPLATES: Array<[string, string]> = [
  ["get_weather", "What is the weather forecast for city number {n}?"],
  ["send_email", "Send an email message to recipient {n} about the plan."],
  ["create_invoice", "Create a billing invoice for customer {n} and its amount."],
  ["translate_text", "Translate text {n} into another language."],
];

/** `count` tasks cycling through the four tools; the prompt's number keeps each one distinct. */
export function faultTasks(count: number): ExperimentTask[] {
  return Array.from({ length: count }, (_, index) => {
    const [tool, template] = TEMPLATES[index % TEMPLATES.length];
    return { id: `t${index + 1}`, prompt: template.replace("{n}", String(index + 1)), expect: { tools: [tool] } };
  });
}
