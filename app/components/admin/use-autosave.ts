import { useCallback, useEffect, useEffectEvent, useRef, useState, type RefObject } from "react";
import { useBlocker, useFetcher, useLocation, useNavigation } from "react-router";
import { isAutosaveOutcome, parseStoredCopy, sameValues, storedCopyText, valuesFromEntries, type AutosaveStatus, type StoredCopy } from "~/lib/autosave";
import type { FormValues } from "~/lib/form-result";
import { isGuardDetour } from "~/lib/sign-in-return";

/** Quiet time after the last change before the typed state is sent. */
const AUTOSAVE_DELAY_MS = 3000;
/** Quiet time before a change is looked at (and written to the browser copy). */
const CHECK_DELAY_MS = 250;

/** Changes found when the form opened: kept in this browser, or (a published post) on the server. */
export type RestoreOffer = StoredCopy & { source: "browser" | "server" };

function readForm(form: HTMLFormElement | null, lists?: readonly string[]): FormValues | null {
  return form ? valuesFromEntries(new FormData(form).entries(), lists) : null;
}

/**
 * The values the form was rendered with: a copy reset to its defaults, so what was typed before
 * the page hydrated counts as a change, not as what the server holds.
 */
function readRendered(form: HTMLFormElement | null, lists?: readonly string[]): FormValues | null {
  if (!form) return null;
  const copy = form.cloneNode(true) as HTMLFormElement;
  copy.reset();
  return readForm(copy, lists);
}

function readStorage(key: string): StoredCopy | null {
  try {
    return parseStoredCopy(window.localStorage.getItem(key));
  } catch {
    return null;
  }
}

function writeStorage(key: string, values: FormValues | null) {
  try {
    if (values) window.localStorage.setItem(key, storedCopyText(values, new Date()));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the server copy and the status line still work.
  }
}

/**
 * The admin forms' autosave (posts, team members, testimonials). Every change is kept in
 * localStorage (`copyKey`) until a save succeeds, and so is the typed state at the moment of a
 * save: a save that an expired session answered with the sign-in page, or a network failure,
 * loses nothing. On opening, a copy that differs from the loaded record is offered back.
 *
 * With `server` (an existing post), a few seconds after typing stops the typed state is also
 * posted with intent 'autosave' (a draft is written, a published post keeps it as an unsaved
 * copy), and that copy is offered back too. With `guardLeaving`, leaving while the typed state is
 * not saved asks first (tab close and in-app links).
 *
 * `formKey` changes when the form is re-mounted (restoring a copy re-fills every field that way).
 */
export function useAutosave({
  formRef,
  formKey,
  copyKey: key,
  server,
  guardLeaving,
  lists,
  savedHere = false,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  formKey: number;
  /** The browser copy's key (`storageKey` of app/lib/autosave.ts). */
  copyKey: string;
  /**
   * Autosave to the server: the post's version the form holds (the form's own field may name a
   * newer one after a refused save) and the unsaved copy the server holds. Null: the browser only.
   */
  server: { version: number | null; copy: StoredCopy | null } | null;
  guardLeaving: boolean;
  /** The fields that repeat, in their order (the landing form's lists); the post's tags by default. */
  lists?: readonly string[];
  /**
   * The form was re-mounted because its own save succeeded on the same page (the landing editor's
   * 'Save draft' leads back to /admin/site): the copy has done its job and is dropped on opening.
   */
  savedHere?: boolean;
}) {
  const toServer = server !== null;
  const version = server?.version ?? null;
  const serverCopy = server?.copy ?? null;
  const fetcher = useFetcher<unknown>();
  const discardFetcher = useFetcher<unknown>();
  const navigation = useNavigation();
  const location = useLocation();
  const [status, setStatus] = useState<AutosaveStatus>("idle");
  const [offer, setOffer] = useState<RestoreOffer | null>(null);
  /** The values the server holds for this form (the loaded post, then each successful autosave). */
  const saved = useRef<FormValues | null>(null);
  const sending = useRef<FormValues | null>(null);
  /** The fetcher's data when the last autosave was sent: its answer is whatever comes after. */
  const before = useRef<unknown>(undefined);
  const submitting = useRef(false);
  const unsafe = status === "unsaved" || status === "saving";

  const checkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const send = useCallback(() => {
    const form = formRef.current;
    const values = readForm(form, lists);
    if (!form || !values || !toServer || sending.current) return;
    sending.current = values;
    before.current = fetcher.data;
    setStatus("saving");
    const body = new FormData(form);
    body.set("intent", "autosave");
    if (version !== null) body.set("version", String(version));
    void fetcher.submit(body, { method: "post", defaultShouldRevalidate: false });
  }, [fetcher, formRef, toServer, version, lists]);

  /**
   * Compares the form (`form`: one being taken away) with what the server holds and keeps the
   * typed state in the browser copy; `retry`: send it again if it differs. True when the typed
   * state is not saved.
   */
  const check = useCallback(
    (retry = true, form = formRef.current) => {
      clearTimeout(checkTimer.current);
      const values = readForm(form, lists);
      if (!values || !saved.current || submitting.current) return false;
      clearTimeout(saveTimer.current);
      if (sameValues(values, saved.current)) {
        writeStorage(key, null);
        // A form back to what it opened with has nothing unsaved, and (without the server) nothing saved either.
        setStatus((s) => (s === "idle" || !toServer ? "idle" : "saved"));
        return sending.current !== null;
      }
      writeStorage(key, values);
      setStatus(sending.current ? "saving" : "unsaved");
      if (toServer && retry) saveTimer.current = setTimeout(send, AUTOSAVE_DELAY_MS);
      return true;
    },
    [formRef, key, toServer, send, lists],
  );
  // Listeners set up once per form see the latest check (it changes with every autosave's state).
  const checkLatest = useEffectEvent((retry: boolean, form: HTMLFormElement | null) => check(retry, form));

  // On opening: what the server holds, and a copy worth offering back (once per record: a restored,
  // re-mounted form keeps what was loaded as the saved state).
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === key) return;
    const loaded = readRendered(formRef.current, lists);
    if (!loaded) return;
    opened.current = key;
    saved.current = loaded;
    // Typed before the page hydrated: unsaved like any later change.
    const typedEarly = !sameValues(readForm(formRef.current, lists) ?? loaded, loaded);
    if (typedEarly) check();
    if (savedHere) writeStorage(key, null);
    const stored = readStorage(key);
    if (stored && !typedEarly && !sameValues(stored.values, loaded)) {
      setOffer({ ...stored, source: "browser" });
      return;
    }
    if (stored && !typedEarly) writeStorage(key, null);
    if (serverCopy && !sameValues(serverCopy.values, loaded)) setOffer({ ...serverCopy, source: "server" });
  }, [formRef, key, serverCopy, check, lists, savedHere]);

  // Every change (typing, switches, tags, an uploaded cover) is looked at shortly after, and at
  // once when the form is taken away (leaving the page inside the app) with one not looked at yet.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    let pending = false;
    const later = () => {
      clearTimeout(checkTimer.current);
      pending = true;
      checkTimer.current = setTimeout(() => {
        pending = false;
        checkLatest(true, form);
      }, CHECK_DELAY_MS);
    };
    // A re-mounted (restored) form is a change like any other.
    if (formKey > 0) later();
    const observer = new MutationObserver(later);
    observer.observe(form, { subtree: true, childList: true, attributes: true, attributeFilter: ["value", "aria-pressed"] });
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("click", later);
    return () => {
      observer.disconnect();
      form.removeEventListener("input", later);
      form.removeEventListener("change", later);
      form.removeEventListener("click", later);
      clearTimeout(checkTimer.current);
      if (pending) checkLatest(false, form);
    };
  }, [formRef, formKey]);

  useEffect(() => () => clearTimeout(saveTimer.current), []);

  // A save (the form's own submission) is not a departure; the typed state goes into the browser
  // copy at once, keystrokes not looked at yet included: a session that expired answers the save
  // with the sign-in page, which leads back here, where the copy is offered.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onSubmit = () => {
      submitting.current = true;
      clearTimeout(saveTimer.current);
      const values = readForm(form, lists);
      if (values && saved.current && !sameValues(values, saved.current)) writeStorage(key, values);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formRef, formKey, key, lists]);
  // The answer to an autosave.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    const sent = sending.current;
    if (!sent || answer === undefined || answer === before.current) return;
    sending.current = null;
    const ok = isAutosaveOutcome(answer) && answer.autosave === "saved";
    if (ok) saved.current = sent;
    // Skipped, refused, or the session/network failed: the browser copy keeps the typed state, and
    // the next change tries again (no retry loop against an expired session).
    check(ok);
  }, [answer, check]);

  // A save of this form that led to another page succeeded: the browser copy has done its job. Not
  // when the guard answered it (sign in, or set up two-factor sign-in first): nothing was saved.
  const intent = navigation.formData?.get("intent") ?? "save";
  const savedAway =
    navigation.state === "loading" &&
    navigation.formAction?.split("?")[0] === location.pathname &&
    intent === "save" &&
    navigation.location.pathname !== location.pathname &&
    !isGuardDetour(navigation.location.pathname);
  useEffect(() => {
    if (savedAway) writeStorage(key, null);
  }, [savedAway, key]);
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  // Closing or reloading the tab: the last keystrokes, not looked at yet, are looked at now (and
  // kept in the browser copy); with `guardLeaving`, an unsaved typed state asks first.
  const leaving = useEffectEvent(() => !submitting.current && check());
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!leaving() || !guardLeaving) return;
      event.preventDefault();
      // Older browsers show the prompt only when a return value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [guardLeaving]);

  // So does following a link inside the app (never the form's own submission and its redirect).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guardLeaving && !submitting.current && navigation.state === "idle" && currentLocation.pathname !== nextLocation.pathname && (unsafe || check()),
  );

  const restore = useCallback(() => {
    if (!offer) return null;
    setOffer(null);
    return offer.values;
  }, [offer]);

  const discard = useCallback(() => {
    if (!offer) return;
    if (offer.source === "browser") writeStorage(key, null);
    else void discardFetcher.submit({ intent: "discard-autosave" }, { method: "post", defaultShouldRevalidate: false });
    setOffer(null);
  }, [discardFetcher, key, offer]);

  return {
    status,
    offer,
    restore,
    discard,
    blocker,
  };
}
