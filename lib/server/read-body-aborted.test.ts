import { describe, expect, it } from "vitest";
import { readJsonBody } from "./read-body";

describe("readJsonBody when the client goes away mid-upload", () => {
  it("answers 400 'aborted' instead of throwing (an uncaught ECONNRESET)", async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"partial": '));
          return;
        }
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const request = new Request("http://127.0.0.1/api/share", { method: "POST", body, duplex: "half" } as RequestInit);
    const read = await readJsonBody(request, 1024 * 1024, "share");
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.status).toBe(400);
    const answer = (await read.response.json()) as { code?: string; message?: string };
    expect(JSON.stringify(answer)).toContain("aborted");
    expect(JSON.stringify(answer)).toContain("share: the upload was interrupted");
  });
});
