export default function Page() {
  return <main>Tool Disclosure Playground</main>;
}
