/**
 * What a request hands a tool, read from its shape: a web address, a file path, an email address, a date or time,
 * a repository `owner/name`, a sum of money, an issue or item number. Two uses in the client search:
 *
 * - the **entity prior** (`entityPrior`): a tool whose required arguments take that kind of value (`url`, `path`,
 *   `email`, `date`, `repo`, `amount`, `issue_number`) is more likely the one meant — "read
 *   https://blog.example.org/post/1" wants a tool that takes a URL;
 * - **address words** (`addressWords`): the words inside a web address's path or a file path ("post", "1") say what
 *   the address points to, not what to do with it, and as query words they pull in unrelated tools
 *   (`API-post-page`, `slack_post_message`). With the option off they are left out of the query; the address still
 *   informs the prior and the shape words.
 *
 * General forms only: no list of sites, names or products. docs/SEARCH.md at 279c54f ("Ninth pass") has the figures.
 */
import type { CatalogTool, JsonSchema } from "../core/catalog";
import { splitWords } from "./tokenize";

/** A kind of value a request can carry and an argument can take. */
export type EntityKind = "url" | "email" | "file" | "repository" | "date" | "amount" | "number";

export type RequestEntity = { kind: EntityKind; text: string };

/** Common top-level domains: `example.com` is a web address, `notes.md` is not. */
export const WEB_DOMAIN =
  /^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|app|co|edu|gov|info|me|us|uk|de|fr)(?:[/?#]\S*)?$/i;
const WEB_ADDRESS = /^(?:https?:\/\/|www\.)/i;
/** Extensions of files people name in requests (documents, data, images, code, archives). */
export const FILE_NAME =
  /^[\w./~-]*\.(?:md|txt|json|jsonl|csv|tsv|yaml|yml|toml|xml|html?|css|pdf|docx?|xlsx?|pptx?|png|jpe?g|gif|svg|webp|mp3|wav|mp4|zip|tar|gz|log|sql|db|py|ts|tsx|js|jsx|go|rs|java|rb|sh|c|h|cpp)$/i;
/** A rooted path (`/etc/hosts`, `~/notes`, `./src`) or one of three or more parts (`src/app/page`). */
export const PATH = /^(?:~|\.{1,2})?\/[\w.-]+(?:\/[\w.-]+)*\/?$|^[\w.-]+\/[\w.-]+\/[\w./-]*$/;
/** `owner/name`: two parts, the first beginning with a letter or digit and holding a letter (not `1/2`). */
const REPOSITORY = /^(?=[\w.-]*[a-z])[a-z0-9][\w.-]*\/[\w.-]*[a-z][\w.-]*$/i;
const EMAIL = /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[t ]\d{2}:\d{2}(?::\d{2})?)?z?$/i;
const NUMERIC_DATE = /^\d{1,2}\/\d{1,2}\/\d{2,4}$/;
const CLOCK_TIME = /^\d{1,2}(?::\d{2})?(?:am|pm)$|^\d{1,2}:\d{2}$/i;
/** Words that are a date or time by themselves. `may` and `march` alone are verbs as often: they need a number. */
const DATE_WORDS = new Set([
  "today",
  "tomorrow",
  "yesterday",
  "tonight",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "january",
  "february",
  "april",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
]);
const MONTHS_NEEDING_A_DAY = new Set([
  "may",
  "march",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);
const CURRENCY_SYMBOL = /^[$€£¥]\d[\d,]*(?:\.\d+)?[km]?$/i;
const CURRENCY_WORDS = new Set([
  "dollar",
  "dollars",
  "usd",
  "eur",
  "euro",
  "euros",
  "gbp",
  "pound",
  "pounds",
  "cents",
  "bucks",
  "yen",
]);
const PLAIN_NUMBER = /^\d[\d,]*(?:\.\d+)?[km]?$/i;
/** `#12`: an issue, pull request or item by number (`#random` is a channel, read by the shape words). */
const NUMBER_REFERENCE = /^#\d+$/;

/** A chunk of the request without the sentence punctuation and quotes around it. */
export function trimChunk(chunk: string): string {
  return chunk.replace(/^[("'`<[]+|[)"'`>\],;:!?.]+$/gu, "");
}

export function isWebAddress(text: string): boolean {
  return WEB_ADDRESS.test(text) || WEB_DOMAIN.test(text);
}

/** The kinds of value the request's text carries, each with the text it was read from, in request order. */
export function requestEntitiesOf(input: string): RequestEntity[] {
  const found: RequestEntity[] = [];
  const chunks = input.split(/\s+/u).map(trimChunk);
  chunks.forEach((text, index) => {
    if (text === "") return;
    const lower = text.toLowerCase();
    const next = (chunks[index + 1] ?? "").toLowerCase();
    const previous = (chunks[index - 1] ?? "").toLowerCase();
    if (EMAIL.test(text)) found.push({ kind: "email", text });
    else if (isWebAddress(text)) found.push({ kind: "url", text });
    // Before paths: `3/14/2025` has the slashes of one.
    else if (ISO_DATE.test(text) || NUMERIC_DATE.test(text) || CLOCK_TIME.test(text) || DATE_WORDS.has(lower)) {
      found.push({ kind: "date", text });
    } else if (FILE_NAME.test(text) || PATH.test(text)) found.push({ kind: "file", text });
    // `owner/name` with a file extension (`vercel/next.js`) reads as a file above, which it may be.
    else if (REPOSITORY.test(text)) found.push({ kind: "repository", text });
    else if (
      MONTHS_NEEDING_A_DAY.has(lower) &&
      (/^\d{1,2}(?:st|nd|rd|th)?$/.test(next) || /^\d{1,2}(?:st|nd|rd|th)?$/.test(previous))
    ) {
      found.push({
        kind: "date",
        text: /^\d/.test(next) ? `${text} ${chunks[index + 1]}` : `${chunks[index - 1]} ${text}`,
      });
    } else if (CURRENCY_SYMBOL.test(text)) found.push({ kind: "amount", text });
    else if (PLAIN_NUMBER.test(text) && CURRENCY_WORDS.has(next)) {
      found.push({ kind: "amount", text: `${text} ${chunks[index + 1]}` });
    } else if (NUMBER_REFERENCE.test(text)) found.push({ kind: "number", text });
  });
  return found;
}

/**
 * The words of an argument name that say it takes each kind of value (`repo_url` → url, `file_path` → file,
 * `unit_amount` → amount, `issue_number` → number). Whole words of the split name, so `urlencoded` or `profile`
 * are not read as `url` or `file`.
 */
const KIND_WORDS: Record<EntityKind, ReadonlySet<string>> = {
  url: new Set(["url", "urls", "uri", "link", "href", "website", "endpoint"]),
  email: new Set(["email", "emails", "recipient", "recipients", "to", "cc", "bcc"]),
  file: new Set(["path", "paths", "file", "files", "filename", "filepath", "directory", "dir", "folder"]),
  repository: new Set(["repo", "repos", "repository", "repositories", "owner"]),
  // Not `start`, `end`, `day`, `year`: they name much else (`start_server`, `end_call`), and with them a request that
  // says "today" lifted every BFCL function with a `year` (docs/SEARCH.md at 279c54f, "Ninth pass").
  date: new Set(["date", "time", "datetime", "timestamp", "since", "until", "due", "deadline", "when"]),
  amount: new Set(["amount", "price", "cost", "currency", "total", "budget"]),
  number: new Set(["number", "num", "id", "issue", "pull"]),
};
const KINDS = Object.keys(KIND_WORDS) as EntityKind[];

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The tool's required top-level argument names (none when the schema lists none). */
export function requiredParameterNames(tool: CatalogTool): string[] {
  const schema = isSchema(tool.inputSchema) ? tool.inputSchema : {};
  const required = schema.required;
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : [];
}

/** Each kind of value the named arguments take, with the first argument that takes it. */
export function parameterKindsOf(names: readonly string[]): Map<EntityKind, string> {
  const kinds = new Map<EntityKind, string>();
  for (const name of names) {
    const words = splitWords(name, true);
    for (const kind of KINDS) {
      if (!kinds.has(kind) && words.some((word) => KIND_WORDS[kind].has(word))) kinds.set(kind, name);
    }
  }
  return kinds;
}

/**
 * The request split in two: the text to search at full weight, with the words inside its addresses cut out, and those
 * words. A web address keeps its host's words in the text (`github` in `github.com/…`, which may name a server;
 * `www`, the scheme and the top-level domain dropped) and gives up its path and query (`post`, `1`); a file path with a
 * slash (`src/app/page.tsx`, `/etc/hosts`) and an email address give up all their words. The shape words and the
 * entity prior read the request as written, so the address still counts as what it is.
 */
export function splitAddressWords(input: string): { text: string; addressWords: string[] } {
  const addressWords: string[] = [];
  const text = input
    .split(/(\s+)/u)
    .map((chunk) => {
      const trimmed = trimChunk(chunk);
      if (trimmed === "" || /^\s+$/u.test(chunk)) return chunk;
      if (EMAIL.test(trimmed)) {
        addressWords.push(...splitWords(trimmed, true));
        return "";
      }
      if (isWebAddress(trimmed)) {
        const [host, ...rest] = trimmed.replace(/^https?:\/\//i, "").split(/[/?#]/u);
        addressWords.push(...splitWords(rest.join(" "), true));
        const labels = host.split(".").filter((label) => label !== "");
        return labels.slice(labels[0]?.toLowerCase() === "www" ? 1 : 0, -1).join(" ");
      }
      const path = !NUMERIC_DATE.test(trimmed) && (FILE_NAME.test(trimmed) || PATH.test(trimmed));
      if (trimmed.includes("/") && path) {
        addressWords.push(...splitWords(trimmed, true));
        return "";
      }
      return chunk;
    })
    .join("");
  return { text, addressWords };
}
