"use client";
/**
 * How tool names the model's provider refuses are sent: as written (the provider refuses the request) or as wire
 * names, as MCP clients send them (lib/catalog/wire-names.ts). The catalog panel offers the same setting where it
 * shows a refused name.
 */
import { useTranslations } from "use-intl";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { Segmented } from "./segmented";
import { SettingRow } from "./setting-row";

export function ToolNameMappingOption({
  settings,
  update,
}: {
  settings: Pick<ScenarioSettings, "toolNameMapping">;
  update(patch: Partial<ScenarioSettings>): void;
}) {
  const t = useTranslations("settings");
  const label = t("options.toolNameMapping.label");
  return (
    <SettingRow
      label={label}
      appliesTo={t("options.toolNameMapping.appliesTo")}
      explanation={t("options.toolNameMapping.explanation")}
    >
      <Segmented
        name={label}
        value={settings.toolNameMapping ?? "none"}
        options={[
          { value: "none", label: t("options.toolNameMapping.none") },
          { value: "wire", label: t("options.toolNameMapping.wire") },
        ]}
        // As written is the absence of the setting, so a link made before the setting reads the same as one after.
        onChange={(mapping) => update({ toolNameMapping: mapping === "wire" ? "wire" : undefined })}
      />
    </SettingRow>
  );
}
