"use client";
import { type ComponentType, Suspense, use, useEffect, useRef, useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

let firstInput: Promise<void> | undefined;
/** Resolves at the first focus, press, key or input anywhere in the page (before a field can be typed into). */
function onFirstInput(): Promise<void> {
  firstInput ??= new Promise<void>((resolve) => {
    const events = ["focusin", "pointerdown", "keydown", "input"] as const;
    const wake = () => {
      for (const e of events) document.removeEventListener(e, wake, { capture: true });
      resolve();
    };
    for (const e of events) document.addEventListener(e, wake, { capture: true });
  });
  return firstInput;
}

/** Calls `then` when the boundary's content has hydrated (its effects run only then). */
function Hydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * A form whose code (react-hook-form, useActionForm and the form's own, 20-30 KiB compressed) is
 * fetched at the first focus, press or key in the page instead of shipped with it. The server
 * renders the form as usual; in the browser its HTML stays in place, not yet hydrated, until then:
 * the fields can be typed into, and React keeps what was typed when it hydrates them. A submission
 * before the code is in (Enter in a field at once) is held and made again once it is, never sent
 * as the browser's own GET. Mounted in the browser later (a client navigation), it loads at once.
 *
 * `load` imports the form module: `formOnInput(() => import("./x-form").then((m) => m.XForm))`.
 */
export function formOnInput<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: Promise<ComponentType<P>> | undefined;
  const fetchForm = () => (loaded ??= load());
  let gated: Promise<ComponentType<P>> | undefined;
  const afterInput = () => (gated ??= onFirstInput().then(fetchForm));

  function Form({ props }: { props: P }) {
    // True while hydrating the server's HTML (React reads the server snapshot then, also when it
    // retries), false when mounted in the browser. Read here, inside the boundary: a prop that
    // changed after hydration would make React drop the server's HTML and render it anew.
    const hydrating = useSyncExternalStore(noSubscribe, () => false, () => true);
    // While hydrating, suspending keeps the server's HTML of the form as it is until the code is in.
    const Loaded = use(typeof document === "undefined" ? fetchForm() : hydrating ? afterInput() : fetchForm());
    return <Loaded {...props} />;
  }

  function FormOnInput(props: P) {
    const holder = useRef<HTMLDivElement>(null);
    const held = useRef<HTMLFormElement | null>(null);
    const ready = useRef(false);
    useEffect(() => {
      const el = holder.current;
      if (!el) return;
      // On the document, where React also listens: it stops a submit aimed at HTML not yet hydrated from going further.
      const hold = (e: Event) => {
        if (ready.current || !(e.target instanceof HTMLFormElement) || !el.contains(e.target)) return;
        e.preventDefault();
        held.current = e.target;
      };
      document.addEventListener("submit", hold, { capture: true });
      return () => document.removeEventListener("submit", hold, { capture: true });
    }, []);
    const onHydrated = useRef(() => {
      ready.current = true;
      holder.current?.setAttribute("data-form-on-input", "hydrated");
      const form = held.current;
      held.current = null;
      if (form?.isConnected) form.requestSubmit();
    }).current;
    return (
      <div ref={holder} className="contents" data-form-on-input="">
        <Suspense fallback={null}>
          <Form props={props} />
          <Hydrated then={onHydrated} />
        </Suspense>
      </div>
    );
  }
  return FormOnInput;
}
