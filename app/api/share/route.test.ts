import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { serializeScenario } from "@/lib/scenario";
import { PAGE_TOKEN_HEADER, serverSecret } from "@/lib/server/request-guard";
import { resetLiveRateLimits } from "@/lib/server/live-rate-limit";
import { handleSharePost, SHARE_RATE_ENV } from "@/lib/server/share-handlers";
import { canonicalShare } from "@/lib/server/share-canonical";
import { ShareDecoderPool } from "@/lib/server/share-decoder";
import {
  DATA_DIR_ENV,
  getShareStore,
  SHARE_MAX_BYTES_ENV,
  SHARE_MAX_TOTAL_BYTES_ENV,
  ShareStore,
} from "@/lib/server/share-store";
import {
  decodeSharePayload,
  deflateText,
  encodeBase64Url,
  encodeWorkspace,
  payloadFromEnvelopeText,
} from "@/lib/share";
import { GET } from "./[id]/route";
import { POST } from "./route";
import { sqliteShareRecords } from "@/lib/server/store/sqlite-store";

let directory: string;

beforeEach(() => resetLiveRateLimits());

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

describe("POST /api/share under load", () => {
  it("answers 429 once a client's burst is spent, without reading the body", async () => {
    const environment = { [SHARE_RATE_ENV.burst]: "5", [SHARE_RATE_ENV.perMinute]: "1" };
    let bodiesRead = 0;
    const untouchableBody = () =>
      new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            bodiesRead += 1;
            controller.enqueue(new TextEncoder().encode('{"payload":"1.x"}'));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
    const statuses: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const request = new Request("http://localhost:3000/api/share", {
        method: "POST",
        headers: pageHeaders(),
        body: untouchableBody(),
        duplex: "half",
      } as RequestInit);
      const before = bodiesRead;
      const response = await handleSharePost(request, sqliteShareRecords(getShareStore()), {
        environment,
        decode: async (payload, max) => canonicalShare(payload, max),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(bodiesRead).toBe(before);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({ error: { code: "rate_limited" } });
      }
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it("decodes in a worker thread and gives the same canonical result as the page's decoder", async () => {
    const pool = new ShareDecoderPool({ size: 1, maxQueued: 2 });
    try {
      const { payload } = encodeWorkspace({ scenario: await loadExample("learning-agent"), strategyId: "gateway" });
      expect(await pool.decode(payload, 10_000_000)).toEqual(canonicalShare(payload, 10_000_000));
      expect(await pool.decode("1.garbage$", 1000)).toMatchObject({ ok: false, code: "bad-encoding" });
      // Two waiting at most: the rest are turned away at once (503 busy) instead of queueing without end.
      const burst = await Promise.all(Array.from({ length: 6 }, () => pool.decode(payload, 10_000_000)));
      expect(burst.filter((result) => "busy" in result).length).toBeGreaterThan(0);
      expect(burst.filter((result) => "ok" in result && result.ok).length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it("replaces a worker that takes too long and answers the post with an error", async () => {
    const pool = new ShareDecoderPool({ size: 1, maxQueued: 2, timeoutMs: 1 });
    try {
      const { payload } = encodeWorkspace({ scenario: await loadExample("learning-agent") });
      expect(await pool.decode(payload, 10_000_000)).toMatchObject({ ok: false, code: "too-slow" });
    } finally {
      await pool.close();
    }
  });
});

describe("short-link expiry (docs/SHARING.md)", () => {
  it("deletes entries nobody opened for the TTL, and a read renews an entry", async () => {
    const store = new ShareStore({
      directory: fs.mkdtempSync(path.join(os.tmpdir(), "share-expiry-")),
      maxEntryBytes: 5 * 1024 * 1024,
      maxTotalBytes: 50 * 1024 * 1024,
      ttlDays: 10,
    });
    try {
      const day = 24 * 60 * 60 * 1000;
      const start = Date.UTC(2026, 0, 1);
      const make = async (id: string) => {
        const { payload } = encodeWorkspace({ scenario: await loadExample(id) });
        const result = canonicalShare(payload, 10_000_000);
        if (!result.ok) throw new Error(result.message);
        const put = store.put(result.canonicalText, result.payload, start);
        if (!put.ok) throw new Error(put.message);
        return put.id;
      };
      const kept = await make("weather");
      const dropped = await make("learning-agent");
      expect(store.get(kept, start + 8 * day)).not.toBeNull();
      expect(store.sweep(start + 12 * day)).toBe(1);
      expect(store.get(dropped, start + 12 * day)).toBeNull();
      expect(store.get(kept, start + 12 * day)).not.toBeNull();
    } finally {
      store.close();
    }
  });
});
