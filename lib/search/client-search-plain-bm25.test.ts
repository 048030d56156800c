import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import { createClientSearch } from "./client-search";
import { OPTIONS_WITHOUT_EXTRAS } from "./fixtures/options-without-extras";

/**
 * The plain BM25 blend (docs/SEARCH.md at 279c54f, "Sixth pass"): Okapi BM25 of the request's own words over the whole tool,
 * every field counted once and unweighted, one length per tool, added at `plainBm25` times its score.
 *
 * Two tools: `send_mail` "Send a mail." (4 index terms: send, mail, send, mail) and `read_mail` "Read mail from
 * inbox." (5: read, mail, read, mail, inbox); the average length is 4.5. For "send mail" on `send_mail`:
 * idf(send) = ln(1 + 1.5 / 1.5) = ln 2 = 0.693147, idf(mail) = ln(1 + 0.5 / 2.5) = ln 1.2 = 0.182322; the length
 * normalisation is 1 − 0.75 + 0.75 × 4 / 4.5 = 0.916667, each word counts 2 / 0.916667 = 2.181818, saturated
 * 2.181818 × 2.2 / (1.2 + 2.181818) = 1.419355, so the plain score is (0.693147 + 0.182322) × 1.419355 = 1.242601.
 */
const tools: CatalogTool[] = [
  { name: "send_mail", description: "Send a mail.", inputSchema: {} },
  { name: "read_mail", description: "Read mail from inbox.", inputSchema: {} },
];
// Synonyms on: the blend is checked beside them, as the defaults have them.
const plain = { ...OPTIONS_WITHOUT_EXTRAS, synonyms: true };

describe("client search plain BM25 blend", () => {
  it("scores the request's own words over the whole tool, by hand", () => {
    const searcher = createClientSearch(tools, { ...plain, plainBm25: 0.5 });
    const explained = searcher.explain("send mail", "send_mail")!;
    expect(explained.plainBm25.score).toBeCloseTo(1.242601, 5);
    expect(explained.plainBm25.bonus).toBeCloseTo(0.5 * 1.242601, 5);
    // read_mail: length 5, normalisation 1.083333, mail counts 2 / 1.083333 = 1.846154, saturated 1.333333.
    expect(searcher.explain("send mail", "read_mail")!.plainBm25.score).toBeCloseTo(0.182322 * 1.333333, 5);
  });

  it("adds its bonus to the sum before the factors, and nothing when off", () => {
    const on = createClientSearch(tools, { ...plain, plainBm25: 0.5 }).explain("send mail", "send_mail")!;
    const off = createClientSearch(tools, { ...plain, plainBm25: 0 }).explain("send mail", "send_mail")!;
    expect(off.plainBm25).toEqual({ score: 0, bonus: 0 });
    expect(on.score - off.score).toBeCloseTo(0.5 * 1.242601, 5);
    expect(on.termScore).toBeCloseTo(off.termScore, 12);
  });

  it("counts only words the request has itself, not their stand-ins", () => {
    // "post" is not in the catalog; it reaches `send` only as a synonym, which the plain score does not count.
    const searcher = createClientSearch(tools, { ...plain, plainBm25: 1 });
    const explained = searcher.explain("post mail", "send_mail")!;
    expect(explained.terms.map((term) => term.matchedTerm).sort()).toEqual(["mail", "send"]);
    expect(explained.plainBm25.score).toBeCloseTo(0.182322 * 1.419355, 5);
  });

  it("a tool no word reaches scores nothing, plain bonus included", () => {
    const searcher = createClientSearch(tools, { ...plain, plainBm25: 1 });
    expect(searcher.explain("inbox", "send_mail")!).toMatchObject({ score: 0, plainBm25: { score: 0, bonus: 0 } });
  });
});
