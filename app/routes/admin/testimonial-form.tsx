export function meta() {
  return [{ title: "Testimonial" }];
}

export default function Screen() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-6 py-24">
      <h1 className="text-4xl font-bold">New Testimonial</h1>
    </main>
  );
}
