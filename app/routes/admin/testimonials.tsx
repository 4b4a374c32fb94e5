export function meta() {
  return [{ title: "Testimonials" }];
}

export default function Screen() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-6 py-24">
      <h1 className="text-4xl font-bold">Testimonials</h1>
    </main>
  );
}
