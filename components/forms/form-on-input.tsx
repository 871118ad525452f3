"use client";
import { type ComponentType, use, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";

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

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Typed = { value: string; checked: boolean; focused: boolean; selection: [number, number] | null };

const controlsOf = (root: HTMLElement) => [...root.querySelectorAll<Control>("input, textarea, select")];

/** What the person did in the server's HTML: each field's value and which one has focus. */
function readTyped(root: HTMLElement): Typed[] {
  return controlsOf(root).map((el) => ({
    value: el.value,
    checked: el instanceof HTMLInputElement && el.checked,
    focused: document.activeElement === el,
    selection: el instanceof HTMLSelectElement ? null : selectionOf(el),
  }));
}

function selectionOf(el: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return el.selectionStart === null || el.selectionEnd === null ? null : [el.selectionStart, el.selectionEnd];
  } catch {
    return null; // inputs without a caret (radios, checkboxes)
  }
}

/** Sets a value as typing does: through the element's own setter, so React's onChange sees the change. */
function setNativeValue(el: Control, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  Object.getOwnPropertyDescriptor(proto.prototype, "value")?.set?.call(el, value);
}

/** Replays what was typed into the live form's fields, as input events, and puts the focus back. */
function replayTyped(root: HTMLElement, typed: Typed[]) {
  const controls = controlsOf(root);
  typed.forEach((t, i) => {
    const el = controls[i];
    if (!el) return;
    const checkable = el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox");
    if (checkable) {
      if (el.checked !== t.checked) el.click();
    } else if (el.value !== t.value) {
      setNativeValue(el, t.value);
      el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
      // A field already left is checked as leaving it would have.
      if (!t.focused) el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    }
    if (t.focused) {
      el.focus();
      if (t.selection && !(el instanceof HTMLSelectElement)) selectionRestore(el, t.selection);
    }
  });
}

function selectionRestore(el: HTMLInputElement | HTMLTextAreaElement, [start, end]: [number, number]) {
  try {
    el.setSelectionRange(start, end);
  } catch {
    // inputs without a caret
  }
}

/**
 * A form whose code (react-hook-form, useActionForm and the form's own, 20-30 KiB compressed) is
 * fetched at the first focus, press or key in the page instead of shipped with the page.
 *
 * The server renders the form as usual. In the browser its HTML is kept as it is (React does not
 * hydrate it, so nothing it renders above can disturb it) until the code is in; then the live form
 * takes its place in one commit and gets what was done meanwhile: the values typed (as input
 * events, so its checks see them), the focus and caret, and a submission (held, never sent as the
 * browser's own GET, then made again). Mounted in the browser later (a client navigation), it
 * loads at once.
 *
 * `load` imports the form module: `formOnInput(() => import("./x-form").then((m) => m.XForm))`.
 */
export function formOnInput<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: Promise<ComponentType<P>> | undefined;
  let Loaded: ComponentType<P> | undefined;
  const fetchForm = () =>
    (loaded ??= load().then((C) => {
      Loaded = C;
      return C;
    }));

  function ServerForm({ props }: { props: P }) {
    const Form = Loaded ?? use(fetchForm());
    return <Form {...props} />;
  }

  function FormOnInput(props: P) {
    const id = useId();
    // True only in the render that hydrates the server's HTML (React reads the server snapshot then).
    const hydrating = useSyncExternalStore(
      noSubscribe,
      () => false,
      () => true,
    );
    // The server's HTML of the form, kept as it is until the code is in.
    const [html, setHtml] = useState<string | null>(() =>
      hydrating && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? null) : null,
    );
    const [Form, setForm] = useState<ComponentType<P> | undefined>(() => Loaded);
    const holder = useRef<HTMLDivElement>(null);
    const typed = useRef<Typed[] | null>(null);
    const held = useRef<number | null>(null);

    useEffect(() => {
      if (Form) return;
      let live = true;
      void (html === null ? fetchForm() : onFirstInput().then(fetchForm)).then((C) => {
        if (!live) return;
        if (holder.current && html !== null) typed.current = readTyped(holder.current);
        setForm(() => C);
        setHtml(null);
      });
      return () => {
        live = false;
      };
    }, [Form, html]);

    useEffect(() => {
      const el = holder.current;
      if (!el || Form) return;
      // A submission of the server's HTML (Enter in a field, the button) waits for the live form.
      const hold = (e: Event) => {
        if (!(e.target instanceof HTMLFormElement)) return;
        e.preventDefault();
        held.current = [...el.querySelectorAll("form")].indexOf(e.target);
      };
      el.addEventListener("submit", hold, { capture: true });
      return () => el.removeEventListener("submit", hold, { capture: true });
    }, [Form]);

    // Runs in the commit that put the live form in place, before the browser paints it.
    useLayoutEffect(() => {
      const el = holder.current;
      if (!Form || !el) return;
      if (typed.current) replayTyped(el, typed.current);
      typed.current = null;
      const index = held.current;
      held.current = null;
      if (index !== null && index >= 0) el.querySelectorAll("form")[index]?.requestSubmit();
    }, [Form]);

    if (typeof document === "undefined")
      return (
        <div id={id} className="contents">
          <ServerForm props={props} />
        </div>
      );
    if (Form)
      return (
        <div id={id} ref={holder} className="contents">
          <Form {...props} />
        </div>
      );
    // The page's own server render, read back from the DOM: React keeps it without hydrating it.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is this component's own server render, not outside content
    if (html !== null) return <div id={id} ref={holder} className="contents" dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
    return <div id={id} ref={holder} className="contents" />;
  }
  return FormOnInput;
}
