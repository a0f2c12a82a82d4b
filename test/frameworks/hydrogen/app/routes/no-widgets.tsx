// The page without its widgets: the control of the bench's Lighthouse runs (bench/hydrogen.ts).
export default function NoWidgets() {
  return (
    <main>
      <h1>Aster linen shirt</h1>
    </main>
  );
}
