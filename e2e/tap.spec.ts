/**
 * The recording tap against the production build: with the Tap view open, requests sent by the real Anthropic SDK
 * through /tap/anthropic (to the fake provider) appear without a reload, the second with its miss named.
 */
import Anthropic from "@anthropic-ai/sdk";
import { expect, test } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3107);
const SYSTEM = "You plan trips and check the weather with care, step by step. ".repeat(120);

test("a request sent through the tap appears on the open Tap view with its miss named", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/tap");
  await expect(page.getByRole("heading", { name: "Tap: watch your own agent" })).toBeVisible();
  await expect(page.getByText(`ANTHROPIC_BASE_URL=http://localhost:${PORT}/tap/anthropic claude`)).toBeVisible();
  // A clean slate: recordings of earlier runs would join this session.
  await page.getByRole("button", { name: "Delete all recordings" }).click();
  await expect(page.getByText("Waiting for the first request")).toBeVisible();

  const client = new Anthropic({
    apiKey: "sk-ant-e2e-tap-0123456789abcdef",
    baseURL: `http://localhost:${PORT}/tap/anthropic`,
    maxRetries: 0,
  });
  const tool = (name: string) => ({
    name,
    description: `The ${name} tool.`,
    input_schema: { type: "object" as const, properties: { city: { type: "string" } } },
  });
  const request = (tools: string[], messages: Anthropic.MessageParam[]) =>
    client.messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 200,
      system: [{ type: "text", text: SYSTEM, cache_control: { type: "ephemeral" } }],
      tools: tools.map(tool),
      messages,
    });
  const opening: Anthropic.MessageParam = { role: "user", content: "Plan a weekend in Lisbon." };
  await request(["get_weather"], [opening]);
  await expect(page.getByText(/Session .*: 1 request to Anthropic/)).toBeVisible();

  await request(
    ["get_weather", "get_forecast"],
    [opening, { role: "assistant", content: "Gladly." }, { role: "user", content: "Will it rain?" }],
  );
  await expect(page.getByText(/Session .*: 2 requests to Anthropic/)).toBeVisible();
  const explanation = page.getByTestId("trace-explanation");
  await expect(explanation).toContainText('Tool "get_forecast"');
  await expect(page.getByTestId("trace-losses")).toContainText("tools changed");
  await expect(page.getByText("Replay under every strategy")).toBeVisible();
  await expect(page.getByText("Measure before choosing")).toBeVisible();
  // The key went upstream only: the page never shows it.
  expect(await page.content()).not.toContain("sk-ant-e2e-tap-0123456789abcdef");
});
