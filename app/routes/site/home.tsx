export function meta() {
  return [{ title: "Flowstate — Smarter Systems. Better Outcomes." }];
}

export default function Screen() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-6 py-24">
      <h1 className="text-4xl font-bold">Smarter Systems. Better Outcomes.</h1>
    </main>
  );
}
