import { tableLimits } from "../models/model-limits";
import { wireNamesOnModel } from "../models/wire-names-on-model";
import { defaultModel, getModel } from "../models/model-table";
import type { ProviderId } from "../core/ids";

/** The most characters of a refused name a message repeats: a 100,000-character name must not fill the terminal. */
const SHOWN_CHARACTERS = 40;

/**
 * The first catalog tool whose name the provider's name rule refuses (`toolNamePattern` in lib/models/model-limits),
 * as one line naming the tool, its length, the provider and the rule; null when every name passes. Every request
 * carries the tools, so such a catalog can only ever be refused: the CLI says so instead of simulating it.
 */
export function refusedToolName(
  tools: ReadonlyArray<{ name: string }>,
  provider: ProviderId,
  modelId?: string,
  /** The scenario sends wire names (settings `toolNameMapping`): only a name no wire name fits is refused. */
  toolNameMapping?: "none" | "wire",
): string | null {
  const model = (modelId === undefined ? undefined : getModel(provider, modelId)) ?? defaultModel(provider);
  const rule = tableLimits(model).toolNamePattern.value;
  const pattern = new RegExp(rule);
  const mapped =
    toolNameMapping === "wire"
      ? new Set(
          wireNamesOnModel(
            tools.map((tool) => tool.name),
            model,
          ).map(({ original }) => original),
        )
      : new Set<string>();
  const index = tools.findIndex((tool) => !mapped.has(tool.name) && !pattern.test(tool.name));
  if (index < 0) return null;
  const { name } = tools[index];
  const shown = name.length > SHOWN_CHARACTERS ? `${name.slice(0, SHOWN_CHARACTERS)}…` : name;
  const length = name.length.toLocaleString("en-US");
  return (
    `tool ${index + 1} name ${JSON.stringify(shown)} (${length} character${name.length === 1 ? "" : "s"}) ` +
    `breaks ${provider}'s name rule ${rule}; the provider refuses every request that carries it`
  );
}
