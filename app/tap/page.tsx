import { TapView } from "@/components/tap/tap-view";

export const metadata = {
  title: "Tap · Tool Disclosure Playground",
  description:
    "Point your agent's base URL at the playground and watch each request arrive with its cache miss named, then replay the session under every strategy.",
};

/** `/tap`: the recording tap's live view (lib/tap; the endpoints are app/tap/<provider>/…). */
export default function TapPage() {
  return <TapView />;
}
