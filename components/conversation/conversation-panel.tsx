"use client";
import { useTranslations } from "use-intl";
import { useMemo } from "react";
import { buttonClass } from "@/components/playground/control-styles";
import { usePlayground } from "@/state/playground-provider";
import { selectTurnKeys } from "@/state/selectors";
import { TurnEditor } from "./turn-editor";

export function ConversationPanel() {
  const turns = usePlayground((state) => state.turns);
  const turnKeys = usePlayground(selectTurnKeys);
  const tools = usePlayground((state) => state.lastValidCatalog.tools);
  const updateTurn = usePlayground((state) => state.updateTurn);
  const moveTurn = usePlayground((state) => state.moveTurn);
  const removeTurn = usePlayground((state) => state.removeTurn);
  const addTurn = usePlayground((state) => state.addTurn);
  const t = useTranslations("conversation");
  const toolsByName = useMemo(() => new Map(tools.map((tool) => [tool.name, tool])), [tools]);
  // A big example's first screen comes before its tools: the turns wait for them (every tool they call would read
  // "not in catalog" until the definitions arrive).
  const arriving = usePlayground((state) => state.catalogArriving);
  if (arriving)
    return (
      <div className="flex h-full min-h-0 flex-col" data-testid="conversation-panel">
        <p className="px-4 py-3 text-xs text-muted" role="status" data-testid="conversation-arriving">
          {t("arriving", { count: arriving.count })}
        </p>
      </div>
    );
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="conversation-panel">
      <p className="border-b border-line px-4 py-3 text-xs text-muted">{t("intro")}</p>
      <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4">
        {turns.map((turn, index) => (
          <TurnEditor
            key={turnKeys[index]}
            turn={turn}
            index={index}
            count={turns.length}
            tools={tools}
            toolsByName={toolsByName}
            onChange={(patch) => updateTurn(index, patch)}
            onMove={(offset) => moveTurn(index, offset)}
            onRemove={() => removeTurn(index)}
          />
        ))}
      </ol>
      <div className="border-t border-line p-3">
        <button type="button" className={`${buttonClass} w-full`} onClick={() => addTurn()} data-testid="turn-add">
          {t("add")}
        </button>
      </div>
    </div>
  );
}
