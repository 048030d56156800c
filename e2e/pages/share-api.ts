import { expect, type APIRequestContext } from "@playwright/test";

/** The share and MCP routes as the app's own page calls them: with the page token read from the served HTML. */
export class ShareApi {
  constructor(readonly request: APIRequestContext) {}

  /** The per-start token the layout renders into `<meta name="playground-token">`. */
  async pageToken(): Promise<string> {
    const html = await (await this.request.get("/")).text();
    const token = /<meta name="playground-token" content="([^"]+)"/.exec(html)?.[1];
    expect(token, 'app/layout.tsx must render <meta name="playground-token" content={serverSecret()}>').toBeTruthy();
    return token!;
  }

  async store(payload: string, headers: Record<string, string>) {
    return this.request.post("/api/share", { data: { payload }, headers, failOnStatusCode: false });
  }

  async fetch(id: string, headers: Record<string, string>) {
    return this.request.get(`/api/share/${id}`, { headers, failOnStatusCode: false });
  }

  async importMcp(body: unknown, headers: Record<string, string>) {
    return this.request.post("/api/mcp", { data: body, headers, failOnStatusCode: false });
  }
}
