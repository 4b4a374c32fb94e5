// @ts-check
// A response's 'drain' listeners, whole again behind compression() (server/main.js).
import { EventEmitter } from "node:events";

/**
 * compression() hands every `res.on("drain", …)` to its zlib stream but leaves `removeListener` on
 * the response (expressjs/compression#135 and #152, open upstream): a listener added with `once`,
 * or removed with `off`, is never removed from that stream. React Router's body writer waits for
 * each drain with `once` and then `off` (writeReadableStreamToWritable), so a large streamed page
 * (the landing editor, ~0.5 MB) left one listener on the stream per wait, and past ten Node
 * printed "MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 drain
 * listeners added to [BrotliCompress]". Mounted after compression(), this keeps a response's
 * drain listeners in an emitter of its own, fed by one listener on whatever emits the drain (the
 * zlib stream, or the response when compression() left it alone): adding and removing them then
 * reach the same place.
 * @returns {import("express").RequestHandler}
 */
export function wholeDrainListeners() {
  return (_req, res, next) => {
    // compression()'s own `on` (and the response's `removeListener`), called on this response.
    const addListener = res.on.bind(res);
    const removeListener = res.removeListener.bind(res);
    /** @type {EventEmitter | null} */
    let relay = null;
    /**
     * @param {string | symbol} type
     * @param {(...args: any[]) => void} listener
     */
    const on = (type, listener) => {
      if (type !== "drain") return addListener(type, listener);
      if (!relay) {
        const own = (relay = new EventEmitter());
        addListener("drain", () => own.emit("drain"));
      }
      relay.on("drain", listener);
      return res;
    };
    /**
     * @param {string | symbol} type
     * @param {(...args: any[]) => void} listener
     */
    const off = (type, listener) => {
      if (type !== "drain") return removeListener(type, listener);
      relay?.removeListener("drain", listener);
      return res;
    };
    res.on = res.addListener = on;
    res.removeListener = res.off = off;
    next();
  };
}
