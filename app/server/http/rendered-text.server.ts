/**
 * The text of a document rendered whole (app/entry.server.tsx renders a public page as a string),
 * kept beside its Response so that the page cache reads the string it was made from instead of
 * encoding it to bytes and decoding them again (~1 ms for a 290 KB blog page). A Response made
 * anew on the way (another body, another object) has none: its body is read as bytes then.
 */
const texts = new WeakMap<Response, string>();

/**
 * A Response of `html`, its text kept for `renderedText`. Its body is a stream that encodes the
 * text only if it is read: a Response made from a string checks the whole string for lone
 * surrogates first (undici's USVString conversion, ~0.7 ms for 290 KB), for a body the page cache
 * does not read.
 */
export function documentResponse(html: string, init: ResponseInit): Response {
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(new TextEncoder().encode(html));
        controller.close();
      },
    },
    { highWaterMark: 0 }, // pulled when read, not as soon as made
  );
  const response = new Response(body, init);
  texts.set(response, html);
  return response;
}

/** The text `response` was made from by `documentResponse`, or null; its body is then left unread. */
export function renderedText(response: Response): string | null {
  return texts.get(response) ?? null;
}
