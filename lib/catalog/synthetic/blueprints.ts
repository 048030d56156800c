/** Every tool a synthetic catalog can contain, as (domain, action, noun, qualifier) combinations with names. */
import { ACTIONS, type Action, type Qualifier } from "./actions";
import type { Domain } from "./domains";

export type Blueprint = {
  name: string;
  domain: Domain;
  action: Action;
  noun: string;
  /** The second noun of `link`/`unlink` tools. */
  other?: string;
  qualifier: Qualifier;
};

const ACRONYMS: Record<string, string> = { nda: "NDA", ab: "A/B", sla: "SLA", api: "API", utm: "UTM", os: "OS" };

/** `sla_policy` → "SLA policy": how the noun reads in a sentence. */
export function readable(noun: string): string {
  return noun
    .split("_")
    .map((word) => ACRONYMS[word] ?? word)
    .join(" ");
}

export function pluralize(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return noun.slice(0, -1) + "ies";
  if (/(s|x|ch|sh)$/.test(noun)) return noun + "es";
  return noun + "s";
}

/** All combinations for the given domains, grouped by domain then noun, as a merged MCP catalog would be. */
export function enumerateBlueprints(domains: Domain[]): Blueprint[] {
  const blueprints: Blueprint[] = [];
  for (const domain of domains) {
    for (const noun of domain.nouns) {
      for (const action of ACTIONS) {
        if (action.pairJoin) {
          for (const other of domain.nouns) {
            if (other === noun) continue;
            const name = `${domain.prefix}_${action.verb}_${noun}_${action.pairJoin}_${other}`;
            blueprints.push({ name, domain, action, noun, other, qualifier: action.qualifiers[0] });
          }
          continue;
        }
        for (const qualifier of action.qualifiers) {
          blueprints.push({ name: blueprintName(domain, action, noun, qualifier), domain, action, noun, qualifier });
        }
      }
    }
  }
  return blueprints;
}

function blueprintName(domain: Domain, action: Action, noun: string, qualifier: Qualifier): string {
  // `invoice_list_overdue` reads better than `invoice_list_overdue_invoices` when the noun is the domain.
  const nounWord = noun === domain.prefix ? "" : action.plural ? pluralize(noun) : noun;
  const parts = qualifier.before ? [qualifier.word, nounWord] : [nounWord, qualifier.word];
  return [domain.prefix, action.verb, ...parts].filter((part) => part !== "").join("_");
}
