"use client";
import { EXAMPLES } from "@/lib/examples/example-list";
import { usePlayground, usePlaygroundController } from "@/state/playground-provider";
import { selectClass } from "./control-styles";

export function ExamplePicker() {
  const scenarioId = usePlayground((state) => state.scenarioMeta.id);
  const controller = usePlaygroundController();
  const known = EXAMPLES.some((example) => example.id === scenarioId);
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only">Example scenario</span>
      <select
        className={`${selectClass} w-44`}
        data-testid="example-picker"
        value={known ? scenarioId : ""}
        disabled={!controller}
        onChange={(event) => void controller?.openExample(event.target.value)}
      >
        {known ? null : <option value="">Custom scenario</option>}
        {EXAMPLES.map((example) => (
          <option key={example.id} value={example.id}>
            {example.title}
          </option>
        ))}
      </select>
    </label>
  );
}
