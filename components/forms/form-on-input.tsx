"use client";
import { StaticFormContext } from "@/components/forms/static-form-context";
import { flushSync } from "react-dom";
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
type Typed = { value: string; checked: boolean; focused: boolean; changed: boolean; selection: [number, number] | null };

const controlsOf = (root: HTMLElement) => [...root.querySelectorAll<Control>("input, textarea, select")];

/** Whether the person changed a field of the server's HTML: its value against the one the HTML gave it. */
function changedByPerson(el: Control): boolean {
  if (el instanceof HTMLSelectElement) return [...el.options].some((o) => o.selected !== o.defaultSelected);
  if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")) return el.checked !== el.defaultChecked;
  return el.value !== el.defaultValue;
}

/** What the person did in the server's HTML (also before it was hydrated): each field's value, whether they changed it, which one has focus. */
function readTyped(root: HTMLElement): Typed[] {
  return controlsOf(root).map((el) => ({
    value: el.value,
    checked: el instanceof HTMLInputElement && el.checked,
    focused: document.activeElement === el,
    changed: changedByPerson(el),
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
    // Only what the person changed: the live form's own values (its defaults) stand for the rest.
    if (t.changed && checkable) {
      if (el.checked !== t.checked) el.click();
    } else if (t.changed && el.value !== t.value) {
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

/** An element of the server's HTML, found again in the live form: by id, or by its place among its kind. */
type ElementKey = { id: string; tag: string; index: number };
const keyOf = (root: HTMLElement, el: Element): ElementKey => ({
  id: el.id,
  tag: el.tagName,
  index: [...root.getElementsByTagName(el.tagName)].indexOf(el),
});
const findKey = (root: HTMLElement, k: ElementKey): HTMLElement | null =>
  ((k.id ? root.querySelector(`#${CSS.escape(k.id)}`) : root.getElementsByTagName(k.tag)[k.index]) as HTMLElement | null) ?? null;

/** A press on a button of the server's HTML (a select's trigger, a button that is not the submit), to make again. */
type Press = { key: ElementKey; by: "pointer" | "key"; keyName: string; clicked: boolean };

/** The keys that open a select's trigger (components/ui/option-select.tsx). */
const OPEN_KEYS = [" ", "Enter", "ArrowUp", "ArrowDown"];

const isSubmit = (el: Element) => el instanceof HTMLButtonElement && el.type === "submit";

/**
 * Makes a press again on the live form's button as the browser made it, so each control answers as
 * it would have: a pointer's press (a select opens on it), then its click if the button was released
 * on (a popover's trigger opens on that); a key's keydown, then the click that Enter and Space make
 * on a button whose own handler did not take the key.
 */
function replayPress(root: HTMLElement, press: Press) {
  const el = findKey(root, press.key);
  if (!el) return;
  // A submission is held apart (below): the submit button's click is not made again.
  const mayClick = !isSubmit(el);
  if (press.by === "key") {
    const taken = !el.dispatchEvent(new KeyboardEvent("keydown", { key: press.keyName, bubbles: true, cancelable: true }));
    if (!taken && mayClick && (press.keyName === "Enter" || press.keyName === " ")) el.click();
    return;
  }
  const pointer = (type: string) =>
    new PointerEvent(type, { button: 0, buttons: type === "pointerdown" ? 1 : 0, pointerType: "mouse", isPrimary: true, bubbles: true, cancelable: true });
  el.dispatchEvent(pointer("pointerdown"));
  if (!press.clicked || !mayClick) return;
  el.dispatchEvent(pointer("pointerup"));
  el.click();
}

/** Server-rendered forms already taken by an instance (the instance's useId), so two never take the same one. */
const claimed = new WeakMap<Element, string>();

/**
 * The server's HTML of this form. Hydrating, it is the element with this instance's id. Rendered in
 * the browser instead, React has not yet removed the server's HTML it replaces: the first form of
 * this name not taken by another instance.
 */
function claimServerHtml(name: string, id: string, hydrating: boolean): { html: string; typed: Typed[] | null; hydrated: boolean } | null {
  const own = hydrating ? document.getElementById(id) : null;
  const el =
    own ??
    [...document.querySelectorAll<HTMLElement>(`[data-form-on-input][data-form="${CSS.escape(name)}"]`)].find((e) => {
      const by = claimed.get(e);
      return by === undefined || by === id;
    });
  if (!el) return null;
  claimed.set(el, id);
  return { html: el.innerHTML, typed: own ? null : readTyped(el), hydrated: own !== null };
}

/**
 * A form whose code (react-hook-form, useActionForm and the form's own, 20-30 KiB compressed) is
 * fetched at the first focus, press or key in the page instead of shipped with the page.
 *
 * The server renders the form as usual. In the browser its HTML is kept as it is (React does not
 * hydrate it, so nothing it renders above can disturb it) until the code is in; then the live form
 * takes its place in one commit and gets what was done meanwhile: the values typed (as input
 * events, so its checks see them), the focus and caret, a press of a button or a select (made
 * again) and a submission (held, never sent as the browser's own GET, then made again). Mounted in
 * the browser later (a client navigation), it loads at once.
 *
 * `name` finds the server's HTML again when React renders the form in the browser instead of
 * hydrating it (it does so for a part of the page that an update reached before it was hydrated):
 * the form keeps that HTML and what was typed into it, so the page neither shifts nor fetches the
 * form's code before the first input. `load` imports the form module:
 * `formOnInput("x", () => import("./x-form").then((m) => m.XForm))`.
 */
export function formOnInput<P extends object>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
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
    // The server's HTML of the form, kept as it is until the code is in, with what was typed into it.
    const [server] = useState(() => (typeof document === "undefined" ? null : claimServerHtml(name, id, hydrating)));
    const [html, setHtml] = useState<string | null>(server?.html ?? null);
    const [Form, setForm] = useState<ComponentType<P> | undefined>(() => Loaded);
    const holder = useRef<HTMLDivElement>(null);
    const typed = useRef<Typed[] | null>(null);
    const focused = useRef<ElementKey | null>(null);
    const pressed = useRef<Press | null>(null);
    const held = useRef<number | null>(null);
    // A press under way in the server's HTML: the live form waits for its click, which would miss a button swapped under the pointer.
    const down = useRef(false);
    const afterPress = useRef<(() => void) | null>(null);

    useEffect(() => {
      if (Form) return;
      let live = true;
      void (html === null ? fetchForm() : onFirstInput().then(fetchForm)).then((C) => {
        const swap = () => {
          if (!live) return;
          const el = holder.current;
          if (el && html !== null) {
            typed.current = readTyped(el);
            focused.current = document.activeElement && el.contains(document.activeElement) ? keyOf(el, document.activeElement) : null;
          }
          // In the same task as the reading above: a key typed in between would land in HTML about to go.
          flushSync(() => {
            setForm(() => C);
            setHtml(null);
          });
        };
        if (down.current) afterPress.current = swap;
        else swap();
      });
      return () => {
        live = false;
      };
    }, [Form, html]);

    useEffect(() => {
      const el = holder.current;
      if (!el || Form) return;
      // Only what the person did is kept: the replay below dispatches its own (untrusted) events
      // while these listeners are still attached, and they must not be taken for new input.
      const own =
        <E extends Event>(f: (e: E) => void) =>
        (e: E) => {
          if (e.isTrusted) f(e);
        };
      // A submission of the server's HTML (Enter in a field, the button) waits for the live form.
      // (The replayed one is held back from the browser too: the live form's own handler sends it.)
      const hold = (e: Event) => {
        if (!(e.target instanceof HTMLFormElement)) return;
        e.preventDefault();
        if (e.isTrusted) held.current = [...el.querySelectorAll("form")].indexOf(e.target);
      };
      // So does a press of another button (a select's trigger): the server's HTML does nothing with it.
      const buttonOf = (e: Event) => (e.target instanceof Element ? e.target.closest("button") : null);
      const press = own((e: PointerEvent) => {
        down.current = true;
        const button = buttonOf(e);
        pressed.current = button && e.button === 0 ? { key: keyOf(el, button), by: "pointer", keyName: "", clicked: false } : null;
      });
      const click = own((e: MouseEvent) => {
        const button = buttonOf(e);
        if (button && pressed.current?.by === "pointer" && findKey(el, pressed.current.key) === button) pressed.current.clicked = true;
      });
      // The click follows the pointer's release in the same task; the live form comes after it.
      const release = own(() => {
        down.current = false;
        const swap = afterPress.current;
        afterPress.current = null;
        if (swap) setTimeout(swap, 0);
      });
      // A key that opens a select, or that activates a button other than the submit (whose
      // submission is held above), is kept to be made again, as a pointer's press is.
      const key = own((e: KeyboardEvent) => {
        const button = buttonOf(e);
        if (!button) return;
        const opens = button.getAttribute("role") === "combobox" && OPEN_KEYS.includes(e.key);
        const activates = (e.key === "Enter" || e.key === " ") && !isSubmit(button);
        if (!opens && !activates) return;
        e.preventDefault();
        pressed.current = { key: keyOf(el, button), by: "key", keyName: e.key, clicked: false };
      });
      el.addEventListener("submit", hold, { capture: true });
      el.addEventListener("pointerdown", press, { capture: true });
      el.addEventListener("click", click, { capture: true });
      el.addEventListener("keydown", key, { capture: true });
      document.addEventListener("pointerup", release, { capture: true });
      document.addEventListener("pointercancel", release, { capture: true });
      return () => {
        document.removeEventListener("pointerup", release, { capture: true });
        document.removeEventListener("pointercancel", release, { capture: true });
        el.removeEventListener("submit", hold, { capture: true });
        el.removeEventListener("pointerdown", press, { capture: true });
        el.removeEventListener("click", click, { capture: true });
        el.removeEventListener("keydown", key, { capture: true });
      };
    }, [Form]);

    // The server's HTML taken over in a render in the browser (not a hydration): it gets back what
    // was typed into it before React replaced it, and is marked as this instance's own.
    useLayoutEffect(() => {
      const el = holder.current;
      if (!el || !server) return;
      claimed.set(el, id);
      if (!server.hydrated && server.typed) replayTyped(el, server.typed);
    }, [server, id]);

    // Runs in the commit that put the live form in place, before the browser paints it.
    useLayoutEffect(() => {
      const el = holder.current;
      if (!Form || !el) return;
      if (typed.current) replayTyped(el, typed.current);
      typed.current = null;
      const focus = focused.current ? findKey(el, focused.current) : null;
      focused.current = null;
      if (focus && document.activeElement !== focus) focus.focus();
      const press = pressed.current;
      pressed.current = null;
      if (press) replayPress(el, press);
      const index = held.current;
      held.current = null;
      if (index !== null && index >= 0) el.querySelectorAll("form")[index]?.requestSubmit();
    }, [Form]);

    if (typeof document === "undefined")
      return (
        <div id={id} className="contents" data-form-on-input="" data-form={name}>
          <StaticFormContext value={true}>
            <ServerForm props={props} />
          </StaticFormContext>
        </div>
      );
    if (Form)
      return (
        <div id={id} ref={holder} className="contents">
          <Form {...props} />
        </div>
      );
    // The page's own server render, read back from the DOM: React keeps it without hydrating it
    // (`data-form-on-input` marks it so: browser tests waiting for hydration leave its fields out).
    if (html !== null)
      return (
        <div
          id={id}
          ref={holder}
          className="contents"
          data-form-on-input=""
          data-form={name}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is this component's own server render, not outside content
          dangerouslySetInnerHTML={{ __html: html }}
          suppressHydrationWarning
        />
      );
    return <div id={id} ref={holder} className="contents" />;
  }
  return FormOnInput;
}
