import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { loadScenarioAsset, readGzipJson, scenarioAssetPath } from "@/lib/examples/scenario-asset";
import { GET, generateStaticParams } from "./route";

const context = (exampleId: string) => ({ params: Promise.resolve({ exampleId }) });

describe("GET /examples/<id>/scenario.json.gz", () => {
  it("is made at build time for the 10,000-tool example only", () => {
    expect(generateStaticParams()).toEqual([{ exampleId: "synthetic-10000" }]);
  });

  it("serves the very scenario the generator makes, which the workers' loader accepts", async () => {
    const response = await GET(
      new Request("http://localhost/examples/synthetic-10000/scenario.json.gz"),
      context("synthetic-10000"),
    );
    expect(response.status).toBe(200);
    // A gzip file, which the server does not compress again, and which the workers' loader reads.
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-encoding")).toBeNull();
    const compressed = Buffer.from(await response.arrayBuffer());
    const served = JSON.parse(gunzipSync(compressed).toString("utf8"));
    expect(await readGzipJson(new Response(new Uint8Array(compressed)))).toStrictEqual(served);
    // Strict: no property the generator sets may be lost or changed by JSON (an undefined one would be).
    const generated = await loadExample("synthetic-10000");
    expect(served).toStrictEqual(generated);
    const fetched: string[] = [];
    const loaded = await loadScenarioAsset("synthetic-10000", async (path) => {
      fetched.push(path);
      return served;
    });
    expect(fetched).toEqual([scenarioAssetPath("synthetic-10000")]);
    expect(loaded).toBe(served);
  }, 60_000);

  it("answers 404 for any other example", async () => {
    const response = await GET(new Request("http://localhost/examples/weather/scenario.json.gz"), context("weather"));
    expect(response.status).toBe(404);
  });
});
