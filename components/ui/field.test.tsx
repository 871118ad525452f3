import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Field } from "@/components/ui/field";
import { fieldControlProps, fieldIds } from "@/components/ui/field-context";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Checkbox } from "@/components/ui/checkbox";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";

/** The attributes of the first element matching `tag` in static markup. */
function attrsOf(html: string, tag: string): Record<string, string> {
  const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!match) throw new Error(`no <${tag}> in ${html}`);
  const out: Record<string, string> = {};
  for (const m of match[1].matchAll(/([a-zA-Z-:]+)(?:="([^"]*)")?/g)) out[m[1]] = m[2] ?? "";
  return out;
}

describe("fieldControlProps", () => {
  it("gives the control the field's id and describes it by the help text", () => {
    expect(fieldControlProps({ htmlFor: "amount", hasDescription: true })).toEqual({
      id: "amount",
      "aria-describedby": "amount-description",
      "aria-invalid": undefined,
    });
  });

  it("adds the error id and aria-invalid while there is an error, keeping the control's own ids", () => {
    expect(fieldControlProps({ htmlFor: "amount", hasDescription: true, error: "Too many decimals." }, { "aria-describedby": "hint" })).toEqual({
      id: "amount",
      "aria-describedby": "hint amount-description amount-error",
      "aria-invalid": true,
    });
  });

  it("lets an explicit control id win and leaves aria-describedby out when there is nothing to point at", () => {
    expect(fieldControlProps({ htmlFor: "a", hasDescription: false }, { id: "b" })).toEqual({
      id: "b",
      "aria-describedby": undefined,
      "aria-invalid": undefined,
    });
  });

  it("derives ids from the control id", () => {
    expect(fieldIds("iban")).toEqual({ descriptionId: "iban-description", errorId: "iban-error" });
  });
});

describe("<Field>", () => {
  it("labels the input and points it at its description and error", () => {
    const html = renderToStaticMarkup(
      <Field label="Amount" htmlFor="amount" description="In NGN, two decimals." error="Enter an amount above 0.">
        <Input name="amount" />
      </Field>,
    );
    expect(attrsOf(html, "label").for).toBe("amount");
    const input = attrsOf(html, "input");
    expect(input.id).toBe("amount");
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe("amount-description amount-error");
    expect(html).toContain('<p id="amount-description"');
    expect(html).toContain('<p id="amount-error"');
    expect(html).toContain("Enter an amount above 0.");
    // The error is part of the form, not an interruption: no alert role, no live region.
    expect(html).not.toContain('role="alert"');
    expect(html).not.toContain("aria-live");
  });

  it("renders no error element and no aria-invalid when valid", () => {
    const html = renderToStaticMarkup(
      <Field label="Note" htmlFor="note">
        <Textarea />
      </Field>,
    );
    const textarea = attrsOf(html, "textarea");
    expect(textarea.id).toBe("note");
    expect(textarea["aria-invalid"]).toBeUndefined();
    expect(textarea["aria-describedby"]).toBeUndefined();
    expect(html).not.toContain("note-error");
  });

  it("wires Radix controls too", () => {
    const html = renderToStaticMarkup(
      <Field label="I checked the recipient" htmlFor="confirm" error="Confirm before sending.">
        <Checkbox />
      </Field>,
    );
    const button = attrsOf(html, "button");
    expect(button.role).toBe("checkbox");
    expect(button.id).toBe("confirm");
    expect(button["aria-invalid"]).toBe("true");
    expect(button["aria-describedby"]).toBe("confirm-error");
  });

  it("wires the native select, with its chevron hidden from screen readers", () => {
    const html = renderToStaticMarkup(
      <Field label="From" htmlFor="from" error="Choose the asset to convert from.">
        <NativeSelect value="" onChange={() => {}}>
          <NativeSelectOption value="" disabled>
            Choose an asset
          </NativeSelectOption>
          <NativeSelectOption value="USD">USD · US dollars</NativeSelectOption>
        </NativeSelect>
      </Field>,
    );
    const select = attrsOf(html, "select");
    expect(select.id).toBe("from");
    expect(select["aria-invalid"]).toBe("true");
    expect(select["aria-describedby"]).toBe("from-error");
    expect(attrsOf(html, "svg")["aria-hidden"]).toBe("true");
    expect(html).toContain("Choose an asset");
  });

  it("leaves a control outside any Field alone", () => {
    const input = attrsOf(renderToStaticMarkup(<Input id="q" aria-describedby="x" />), "input");
    expect(input.id).toBe("q");
    expect(input["aria-describedby"]).toBe("x");
    expect(input["aria-invalid"]).toBeUndefined();
  });
});
