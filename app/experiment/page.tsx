import { ExperimentView } from "@/components/experiment/experiment-view";

export const metadata = {
  title: "Experiment · Tool Disclosure Playground",
  description:
    "Run one task set under every strategy on a real model and compare success, argument errors, tokens, cache and latency with confidence intervals.",
};

/** `/experiment`: the controlled experiment (lib/experiment; runs through /api/experiment). */
export default function ExperimentPage() {
  return <ExperimentView />;
}
