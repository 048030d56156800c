import { describe, expect, it } from "vitest";
import { decodeBase64Url, encodeBase64Url } from "./base64url";

describe("base64url", () => {
  it("matches Node's encoder for every length and round-trips", () => {
    for (let length = 0; length < 300; length++) {
      const bytes = new Uint8Array(length).map((_, index) => (index * 97 + length * 31) & 0xff);
      const encoded = encodeBase64Url(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString("base64url"));
      expect(Array.from(decodeBase64Url(encoded)!)).toEqual(Array.from(bytes));
    }
  });

  it("refuses non-canonical or foreign text", () => {
    for (const bad of ["a", "ab=", "a+b/", "ab c", "é", "abcdF"]) expect(decodeBase64Url(bad)).toBeNull();
  });
});
