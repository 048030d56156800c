import { describe, expect, it } from "vitest";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { StepSummary } from "@/components/run/step-summary";
import { TurnEditor } from "@/components/conversation/turn-editor";
import type { CatalogTool } from "@/lib/core/catalog";
import { createEngine } from "@/lib/engine";
import { loadExample } from "@/lib/examples";
import type { ToolChange } from "@/lib/scenario/types";
import { summariseStep } from "@/lib/workbench/summarise-run";

const text = (html: string) => html.replace(/<[^>]+>/g, "");

async function kimiStepAfter(toolChange: ToolChange) {
  const example = await loadExample("weather");
  const turns = [example.turns[0], { ...example.turns[1], toolChange }];
  const settings = { ...example.settings, provider: "moonshot" as const, model: "kimi-k3" };
  const run = createEngine().runStrategy({ ...example, turns, settings }, "kimi-dynamic", { provider: "moonshot" });
  return summariseStep(run.steps[3]);
}

describe("a scripted tool change on the page", () => {
  it("the step after it says what changed, in English and Chinese, beside the cache figures it explains", async () => {
    const step = await kimiStepAfter({ change: "remove", tool: "get_weather" });
    const english = text(renderInLocale(<StepSummary step={step} />));
    expect(english).toContain(
      "Scripted change: the declaration of get_weather deleted from the earlier message that made it; the cached prefix ends there.",
    );
    const chinese = text(renderInLocale(<StepSummary step={step} />, "zh-CN"));
    expect(chinese).toContain("脚本化变更：get_weather 的声明从之前声明它的消息中删除；缓存的前缀到此为止。");
    const inserted = await kimiStepAfter({ change: "insert", tool: "search_files" });
    expect(text(renderInLocale(<StepSummary step={inserted} />))).toContain(
      "the declaration of search_files inserted into the earliest message that declares tools",
    );
  });

  it("the turn editor offers the change and shows the chosen one", () => {
    const tool = {
      name: "get_weather",
      description: "Get the weather",
      inputSchema: { type: "object", properties: {} },
    } as CatalogTool;
    const render = (locale: "en" | "zh-CN", toolChange?: ToolChange) =>
      renderInLocale(
        <TurnEditor
          turn={{ user: "Hi", needs: [], ...(toolChange ? { toolChange } : {}) }}
          index={1}
          count={2}
          toolsByName={new Map([[tool.name, tool]])}
          tools={[tool]}
          onChange={() => {}}
          onMove={() => {}}
          onRemove={() => {}}
        />,
        locale,
      );
    const none = render("en");
    expect(text(none)).toContain("Tool change at the start of turn 2");
    expect(none).toMatch(/<option value="remove">Remove a tool<\/option>/);
    expect(none).toMatch(/<option value="insert">Insert a declaration earlier<\/option>/);
    const chosen = render("en", { change: "remove", tool: "get_weather" });
    expect(chosen).toMatch(/<option value="remove" selected="">/);
    expect(text(chosen)).toContain("get_weather");
    expect(text(chosen)).toContain("Anthropic withdraws a tool added mid-conversation with tool_removal");
    const chinese = render("zh-CN", { change: "insert", tool: "get_weather" });
    expect(text(chinese)).toContain("第 2 轮开始时的工具变更");
    expect(chinese).toMatch(/<option value="insert" selected="">在更早处插入声明<\/option>/);
  });
});
