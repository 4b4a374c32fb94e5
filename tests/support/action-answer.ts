/** A submitted form's body, a list value sent as repeated fields. */
export function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

export type Answer = {
  ok?: boolean;
  toast: { title: string; description: string; variant?: string; undo?: { path: string; fields: Record<string, unknown> } };
};

/** What an action answered: a `data(...)` failure (status and body) or a plain success. */
export function answer(result: unknown): { status: number; body: Answer } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data: body, init } = result as { data: Answer; init: { status?: number } | null };
    return { status: init?.status ?? 200, body };
  }
  return { status: 200, body: result as Answer };
}
