/**
 * Loads Monaco's code in four stages, each in a task of its own, before the editor module (./monaco-setup.ts) imports
 * the rest. Imported in one piece, Monaco (≈ 4.4 MB minified) was evaluated in one main-thread task of ≈ 0.6 s on an
 * idle 2-core machine, during start-up, since the request viewer and the catalog editor are above the fold
 * (PERFORMANCE.md at 279c54f). In stages, the browser handles input and paints between them. Each stage loads the next
 * from its own module (./monaco-stages), so no chunk repeats another's code; a module is evaluated once however
 * often it is imported, so the final import only evaluates what the stages did not.
 */

import { nextTask } from "@/lib/core/next-task";
import { monacoMayStart } from "./monaco-start-gate";

type Stage = { nextStage: (() => Promise<Stage>) | null };

let loading: Promise<void> | null = null;

/**
 * Resolves once every stage has been evaluated. A stage that fails to load ends the staging early without an error:
 * the editor's own import then loads what is missing, or reports the failure where the editor would be.
 */
export function loadMonacoInStages(): Promise<void> {
  loading ??= (async () => {
    try {
      // The playground lets the engine worker's code arrive first (./monaco-start-gate.ts).
      await monacoMayStart();
      let stage: Stage = await import("./monaco-stages/stage-1");
      while (stage.nextStage) {
        await nextTask();
        stage = await stage.nextStage();
      }
      await nextTask();
    } catch {
      // Left to the editor's own import (see above).
    }
  })();
  return loading;
}
