/**
 * Route-level checks of sharing and the request guard against the production build (the page-level flows are
 * added once the share dialog is wired into the page).
 */
import { expect, test } from "@playwright/test";
import { seed200ToolsScenario } from "../lib/examples/synthetic-examples";
import { decodeSharePayload, encodeWorkspace } from "../lib/share";
import { parseScenarioValue, serializeScenario } from "../lib/scenario";
import { ShareApi } from "./pages/share-api";

const TOKEN_HEADER = "x-playground-token";

/** A two-tool scenario written out here: Playwright's loader cannot import the examples' JSON files. */
function smallScenario() {
  const parsed = parseScenarioValue({
    formatVersion: 1,
    id: "e2e-small",
    title: "E2E small",
    catalog: { tools: [{ name: "get_weather", description: "Weather for a city.", inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }] },
    turns: [{ user: "Weather in Paris?", needs: [{ tool: "get_weather", arguments: { city: "Paris" } }] }],
  });
  if (!parsed.value) throw new Error(JSON.stringify(parsed.problems));
  return parsed.value;
}

test.describe("request guard", () => {
  test("the page is refused to a DNS-rebinding Host, so its token cannot be read", async ({ request }) => {
    const rebinding = await request.get("/", { headers: { host: "rebind.attacker.example:3107" }, failOnStatusCode: false });
    expect(rebinding.status()).toBe(403);
    expect(await rebinding.text()).not.toContain("playground-token");
    const api = await request.post("/api/share", { data: {}, headers: { host: "rebind.attacker.example:3107" }, failOnStatusCode: false });
    expect(api.status()).toBe(403);
  });

  test("the API refuses calls without the page token or from another origin", async ({ request }) => {
    const api = new ShareApi(request);
    const { payload } = encodeWorkspace({ scenario: smallScenario() });
    const withoutToken = await api.store(payload, {});
    expect(withoutToken.status()).toBe(403);
    expect(await withoutToken.json()).toMatchObject({ error: { code: "missing_token" } });

    const token = await api.pageToken();
    const foreign = await api.store(payload, { [TOKEN_HEADER]: token, origin: "https://attacker.example" });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: "origin_not_allowed" } });

    const stdio = await api.importMcp({ transport: "stdio", command: "node", args: ["-e", "1"] }, { [TOKEN_HEADER]: token });
    expect(stdio.status()).toBe(403);
    expect(await stdio.json()).toMatchObject({ error: { code: "stdio_disabled" } });
  });
});

test.describe("short links", () => {
  test("round-trip a scenario too big for a link (200 tools) through the SQLite store", async ({ request, baseURL }) => {
    const api = new ShareApi(request);
    const token = await api.pageToken();
    const scenario = await seed200ToolsScenario();
    const { payload } = encodeWorkspace({ scenario, strategyId: "gateway", stepIndex: 3, forceProvider: false });
    const headers = { [TOKEN_HEADER]: token, origin: new URL(baseURL!).origin };

    const stored = await api.store(payload, headers);
    expect([200, 201]).toContain(stored.status());
    const { id } = (await stored.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const again = await api.store(payload, headers);
    expect(again.status()).toBe(200);
    expect(await again.json()).toEqual({ id });

    const fetched = await api.fetch(id, { [TOKEN_HEADER]: token });
    expect(fetched.status()).toBe(200);
    const decoded = decodeSharePayload(((await fetched.json()) as { payload: string }).payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(serializeScenario(decoded.workspace.scenario)).toBe(serializeScenario(scenario));
    expect(decoded.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 3 });

    expect((await api.fetch("AAAAAAAAAAAAAAAAAAAAAA", { [TOKEN_HEADER]: token })).status()).toBe(404);
  });
});
