import { describe, expect, it } from "vitest";
import { containsSecret, REDACTED, redactSecrets } from "./redact";

describe("redactSecrets", () => {
  it("removes the known secrets wherever they occur", () => {
    const key = "my-own-key-without-a-prefix-123";
    expect(redactSecrets(`failed with ${key} in "${key}"`, [key])).toBe(`failed with ${REDACTED} in "${REDACTED}"`);
  });

  it("removes anything key-shaped, masked forms included", () => {
    for (const text of [
      "Incorrect API key provided: sk-proj-********************abcd.",
      "key sk-ant-api03-AbCdEf0123456789",
      "Authorization: Bearer abcdef0123456789",
      '{"x-api-key":"abcdef012345"}',
      "inva*****************1234",
    ]) {
      const result = redactSecrets(text);
      expect(result, text).toContain(REDACTED);
      expect(result).not.toMatch(/abcd\.|0123456789|abcdef012345|1234$/);
    }
  });

  it("names a credential in any letter case: AUTHORIZATION, API_KEY, X-Api-Key", () => {
    expect(redactSecrets("AUTHORIZATION: tok_live_4f9a2c")).toBe(`AUTHORIZATION: ${REDACTED}`);
    expect(redactSecrets("API_KEY=moon4f9a2c77")).toBe(`API_KEY=${REDACTED}`);
    expect(redactSecrets('{"X-Api-Key": "abcd4f9a2c"}')).toBe(`{"X-Api-Key": "${REDACTED}"}`);
    expect(redactSecrets("Api-Key = zz4f9a2c77")).toBe(`Api-Key = ${REDACTED}`);
  });

  it("leaves ordinary provider messages alone", () => {
    const message = "At least one tool must have defer_loading=false. All tools cannot be deferred.";
    expect(redactSecrets(message, ["short"])).toBe(message);
  });

  it("shapes: false keeps key-shaped text that is not a known secret (model output)", () => {
    expect(
      redactSecrets('client = OpenAI(api_key="sk-your-key-here")', ["sk-real-secret-123"], { shapes: false }),
    ).toBe('client = OpenAI(api_key="sk-your-key-here")');
    expect(redactSecrets("use sk-real-secret-123", ["sk-real-secret-123"], { shapes: false })).toBe(`use ${REDACTED}`);
  });

  it("containsSecret ignores secrets too short to be keys", () => {
    expect(containsSecret("a b c", ["b"])).toBe(false);
    expect(containsSecret("xx sk-test-0123456789 yy", ["sk-test-0123456789"])).toBe(true);
  });
});
