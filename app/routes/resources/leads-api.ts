/** Filled by a later issue; until then it answers 404 like an unknown path. */
export function loader() {
  return new Response("Not Found", { status: 404 });
}
