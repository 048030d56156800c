import { Playground } from "@/components/playground/playground";
import { EXAMPLES } from "@/lib/examples";

const DEFAULT_EXAMPLE = "learning-agent";

/** `/?example=<id>` opens an example scenario; anything else opens the default one. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { example } = await searchParams;
  const initialExampleId = typeof example === "string" && EXAMPLES.some((candidate) => candidate.id === example) ? example : DEFAULT_EXAMPLE;
  return <Playground initialExampleId={initialExampleId} />;
}
