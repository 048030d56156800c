import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GET } from "./route";

afterEach(() => {
  delete process.env.DATABASE_URL;
  delete process.env.PLAYGROUND_DATA_DIR;
});

describe("/api/health", () => {
  it("answers 200 on the embedded store", async () => {
    process.env.PLAYGROUND_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "health-"));
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, store: "sqlite" });
  });

  it("answers 503 when the database cannot be reached, naming nothing of its address", async () => {
    // A loopback port nothing listens on (this project's test range): the connection is refused at once.
    process.env.DATABASE_URL = "postgresql://playground:hunter2@127.0.0.1:4309/playground";
    const response = await GET();
    expect(response.status).toBe(503);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ ok: false, store: "postgres" });
    expect(text).not.toContain("hunter2");
  });
});
