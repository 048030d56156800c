/**
 * The real MCP catalogs shipped in examples/catalogs, with the server name each gets when merged. Each file is
 * a separate dynamic import so the browser downloads a catalog only when an example needs it (bundlers need
 * literal paths, hence one line per file).
 */
export type McpCatalogFile = {
  server: string;
  file: string;
  /** One line about the server; becomes its namespace description. */
  description: string;
  load: () => Promise<{ default: unknown }>;
};

export const MCP_CATALOG_FILES: McpCatalogFile[] = [
  {
    server: "github",
    file: "github-mcp-server.json",
    description: "GitHub's official MCP server: repositories, issues, pull requests, Actions, security",
    load: () => import("../../examples/catalogs/github-mcp-server.json"),
  },
  {
    server: "archived-aws-kb-retrieval",
    file: "mcp-servers-archived-aws-kb-retrieval-server.json",
    description: "Retrieval from AWS Bedrock knowledge bases (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-aws-kb-retrieval-server.json"),
  },
  {
    server: "archived-brave-search",
    file: "mcp-servers-archived-brave-search.json",
    description: "Brave web and local search (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-brave-search.json"),
  },
  {
    server: "archived-everart",
    file: "mcp-servers-archived-everart.json",
    description: "EverArt image generation (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-everart.json"),
  },
  {
    server: "archived-gdrive",
    file: "mcp-servers-archived-gdrive.json",
    description: "Google Drive search (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-gdrive.json"),
  },
  {
    server: "archived-github",
    file: "mcp-servers-archived-github.json",
    description: "The earlier GitHub reference server (archived)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-github.json"),
  },
  {
    server: "archived-gitlab",
    file: "mcp-servers-archived-gitlab.json",
    description: "GitLab projects, issues and merge requests (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-gitlab.json"),
  },
  {
    server: "archived-google-maps",
    file: "mcp-servers-archived-google-maps.json",
    description: "Google Maps geocoding, places and directions (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-google-maps.json"),
  },
  {
    server: "archived-postgres",
    file: "mcp-servers-archived-postgres.json",
    description: "Read-only PostgreSQL queries (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-postgres.json"),
  },
  {
    server: "archived-puppeteer",
    file: "mcp-servers-archived-puppeteer.json",
    description: "Browser automation with Puppeteer (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-puppeteer.json"),
  },
  {
    server: "archived-redis",
    file: "mcp-servers-archived-redis.json",
    description: "Redis key-value access (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-redis.json"),
  },
  {
    server: "archived-sentry",
    file: "mcp-servers-archived-sentry.json",
    description: "Sentry issue lookup (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-sentry.json"),
  },
  {
    server: "archived-slack",
    file: "mcp-servers-archived-slack.json",
    description: "Slack channels, messages and users (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-slack.json"),
  },
  {
    server: "archived-sqlite",
    file: "mcp-servers-archived-sqlite.json",
    description: "SQLite queries and business insights (archived reference server)",
    load: () => import("../../examples/catalogs/mcp-servers-archived-sqlite.json"),
  },
  {
    server: "everything",
    file: "mcp-servers-everything.json",
    description: "The MCP reference server that exercises every protocol feature",
    load: () => import("../../examples/catalogs/mcp-servers-everything.json"),
  },
  {
    server: "fetch",
    file: "mcp-servers-fetch.json",
    description: "Fetches web pages and converts them to Markdown",
    load: () => import("../../examples/catalogs/mcp-servers-fetch.json"),
  },
  {
    server: "filesystem",
    file: "mcp-servers-filesystem.json",
    description: "Reads, writes and searches files in allowed directories",
    load: () => import("../../examples/catalogs/mcp-servers-filesystem.json"),
  },
  {
    server: "git",
    file: "mcp-servers-git.json",
    description: "Git operations on a local repository",
    load: () => import("../../examples/catalogs/mcp-servers-git.json"),
  },
  {
    server: "memory",
    file: "mcp-servers-memory.json",
    description: "A knowledge-graph memory of entities and relations",
    load: () => import("../../examples/catalogs/mcp-servers-memory.json"),
  },
  {
    server: "sequentialthinking",
    file: "mcp-servers-sequentialthinking.json",
    description: "Step-by-step reasoning scratchpad",
    load: () => import("../../examples/catalogs/mcp-servers-sequentialthinking.json"),
  },
  {
    server: "time",
    file: "mcp-servers-time.json",
    description: "Current time and time-zone conversion",
    load: () => import("../../examples/catalogs/mcp-servers-time.json"),
  },
  {
    server: "notion",
    file: "notion-mcp-server.json",
    description: "Notion pages, blocks, databases and comments",
    load: () => import("../../examples/catalogs/notion-mcp-server.json"),
  },
  {
    server: "playwright",
    file: "playwright-mcp.json",
    description: "Browser automation with Playwright",
    load: () => import("../../examples/catalogs/playwright-mcp.json"),
  },
  {
    server: "stripe",
    file: "stripe-agent-toolkit.json",
    description: "Stripe customers, products, invoices, subscriptions and refunds",
    load: () => import("../../examples/catalogs/stripe-agent-toolkit.json"),
  },
];
