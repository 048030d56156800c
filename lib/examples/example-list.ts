/** The built-in examples as the picker lists them: words only, so the page can list them without loading one. */
export type ExampleSummary = { id: string; title: string; summary: string; toolCount?: number };

export const EXAMPLES: ExampleSummary[] = [
  {
    id: "learning-agent",
    title: "Learning agent",
    summary: "A study assistant: flashcards, study plans, quizzes and a few unrelated tools.",
    toolCount: 16,
  },
  {
    id: "weather",
    title: "Weather and files",
    summary: 'The documentation\'s two-tool example, with a scripted argument mistake (unit "kelvin").',
    toolCount: 2,
  },
  {
    id: "seed-200-tools",
    title: "200 tools (≈80k tokens)",
    summary: "A generated catalog of 200 tools of about 400 tokens; six requests.",
    toolCount: 200,
  },
  {
    id: "github-mcp",
    title: "GitHub MCP server",
    summary: "All 117 tools of GitHub's official MCP server; five everyday requests.",
    toolCount: 117,
  },
  {
    id: "mixed-mcp",
    title: "24 MCP servers",
    summary: "Every bundled MCP catalog merged, name collisions prefixed by server; four requests.",
    toolCount: 362,
  },
  {
    id: "synthetic-10000",
    title: "10,000 tools",
    summary: "Anthropic's maximum of deferred tools, generated at about 300 tokens each; three requests.",
    toolCount: 10_000,
  },
  {
    id: "office-assistant-zh",
    title: "办公助手（中文）",
    summary: "A Chinese catalog of 34 office and life tools with Chinese descriptions; four requests in Chinese.",
    toolCount: 34,
  },
];
