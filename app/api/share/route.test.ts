import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { serializeScenario } from "@/lib/scenario";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";
import { DATA_DIR_ENV, SHARE_MAX_BYTES_ENV, SHARE_MAX_TOTAL_BYTES_ENV } from "@/lib/server/share-store";
import {
  decodeSharePayload,
  deflateText,
  encodeBase64Url,
  encodeWorkspace,
  payloadFromEnvelopeText,
} from "@/lib/share";
import { GET } from "./[id]/route";
import { POST } from "./route";

let directory: string;

beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "share-route-"));
  process.env[DATA_DIR_ENV] = directory;
});

afterAll(() => {
  delete process.env[DATA_DIR_ENV];
  delete process.env[SHARE_MAX_BYTES_ENV];
  delete process.env[SHARE_MAX_TOTAL_BYTES_ENV];
  fs.rmSync(directory, { recursive: true, force: true });
});

const pageHeaders = () => ({
  host: "localhost:3000",
  origin: "http://localhost:3000",
  [PAGE_TOKEN_HEADER]: serverSecret(),
  "content-type": "application/json",
});

function post(body: unknown, headers: Record<string, string> = pageHeaders()): Promise<Response> {
  return POST(
    new Request("http://localhost:3000/api/share", {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

function get(id: string, headers: Record<string, string> = pageHeaders()): Promise<Response> {
  return GET(new Request(`http://localhost:3000/api/share/${id}`, { headers }), { params: Promise.resolve({ id }) });
}

describe("/api/share", () => {
  it("stores a scenario under a content address, creating the database on first use, and returns it", async () => {
    const scenario = await loadExample("learning-agent");
    const { payload } = encodeWorkspace({ scenario, strategyId: "gateway", stepIndex: 2, forceProvider: false });
    const created = await post({ payload });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fs.existsSync(path.join(directory, "shares.sqlite"))).toBe(true);

    const again = await post({ payload });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id });

    const fetched = await get(id);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("x-content-type-options")).toBe("nosniff");
    const body = (await fetched.json()) as { payload: string };
    const decoded = decodeSharePayload(body.payload);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(serializeScenario(decoded.workspace.scenario)).toBe(serializeScenario(scenario));
    expect(decoded.workspace).toMatchObject({ strategyId: "gateway", stepIndex: 2 });
  });

  it("stores the server's canonical re-encoding, so smuggled keys are not kept", async () => {
    const scenario = JSON.parse(serializeScenario(await loadExample("weather")));
    const payload = payloadFromEnvelopeText(
      JSON.stringify({ v: 1, scenario, providerKeys: { anthropic: "sk-ant-SMUGGLED" } }),
    );
    const response = await post({ payload });
    const { id } = (await response.json()) as { id: string };
    const stored = (await (await get(id)).json()) as { payload: string };
    const decoded = decodeSharePayload(stored.payload);
    expect(decoded.ok && decoded.text).not.toContain("SMUGGLED");
  });

  it("refuses requests without the page token, from a rebinding Host or a foreign Origin", async () => {
    const { payload } = encodeWorkspace({ scenario: await loadExample("weather") });
    const { [PAGE_TOKEN_HEADER]: _token, ...withoutToken } = pageHeaders();
    const cases: Array<[Record<string, string>, string]> = [
      [withoutToken, "missing_token"],
      [
        { ...pageHeaders(), host: "rebind.attacker.example:3000", origin: "http://rebind.attacker.example:3000" },
        "host_not_allowed",
      ],
      [{ ...pageHeaders(), origin: "https://attacker.example" }, "origin_not_allowed"],
    ];
    for (const [headers, code] of cases) {
      const refused = await post({ payload }, headers);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ error: { code } });
      expect((await get("abcdefghijklmnopqrstuv", headers)).status).toBe(403);
    }
  });

  it("answers bad input with the documented error shape", async () => {
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ error: { code, message: expect.any(String) } });
    };
    await expectError(await post("not json"), 400, "invalid_json");
    await expectError(await post({ nope: 1 }), 400, "invalid_request");
    await expectError(await post({ payload: "1.garbage$" }), 400, "share_bad-encoding");
    await expectError(
      await post({ payload: payloadFromEnvelopeText('{"v":1,"scenario":{"title":1}}') }),
      400,
      "share_invalid-scenario",
    );
    await expectError(
      await post({ payload: `1.${encodeBase64Url(deflateText(" ".repeat(40 * 1024 * 1024)))}` }),
      413,
      "share_too-large",
    );
    await expectError(await get("short"), 400, "invalid_id");
    await expectError(await get("AAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found");
  });

  it("enforces the per-scenario and total caps from the environment", async () => {
    const small = encodeWorkspace({ scenario: await loadExample("weather") }).payload;
    process.env[SHARE_MAX_BYTES_ENV] = "1000";
    const tooBig = await post({ payload: small });
    expect(tooBig.status).toBe(413);
    process.env[SHARE_MAX_BYTES_ENV] = String(5 * 1024 * 1024);
    process.env[SHARE_MAX_TOTAL_BYTES_ENV] = "1";
    const full = await post({ payload: encodeWorkspace({ scenario: await loadExample("learning-agent") }).payload });
    expect(full.status).toBe(507);
    expect(await full.json()).toMatchObject({ error: { code: "store_full" } });
  });
});
