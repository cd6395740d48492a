export function HomePage() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">Fashion, beauty, jewellery &amp; home</h1>
      <p className="mt-3 text-neutral-600">Delivered across Nigeria.</p>
    </section>
  );
}
