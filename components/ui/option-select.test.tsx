import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Field } from "@/components/ui/field";
import { OptionSelect } from "@/components/ui/option-select";

const options = [
  { value: "USD_BALANCE", label: "Merchant balance (USD)" },
  { value: "NGN_PAYOUT", label: "NGN payout to a bank account" },
];
const noop = () => {};

describe("OptionSelect before first use", () => {
  it("renders a closed combobox trigger showing the chosen option's label, and no list (Radix is not loaded yet)", () => {
    const html = renderToStaticMarkup(<OptionSelect id="dest" value="NGN_PAYOUT" onValueChange={noop} options={options} />);
    const button = html.match(/<button [^>]*>/)?.[0] ?? "";
    expect(button).toContain('role="combobox"');
    expect(button).toContain('aria-expanded="false"');
    expect(button).toContain('data-slot="select-trigger"');
    expect(button).not.toContain("data-placeholder");
    expect(html).toContain("NGN payout to a bank account");
    expect(html).not.toMatch(/role="listbox"|role="option"/);
  });

  it("shows the placeholder, marked as one, while nothing is chosen", () => {
    const html = renderToStaticMarkup(<OptionSelect id="dest" value="" placeholder="Choose a destination" onValueChange={noop} options={options} />);
    expect(html).toContain('data-placeholder=""');
    expect(html).toContain("Choose a destination");
  });

  it("is labelled and described by its Field like SelectTrigger, invalid while the field has an error", () => {
    const html = renderToStaticMarkup(
      <Field label="Settle deposits to" htmlFor="settle" description="Where deposits go." error="Choose where deposits settle.">
        <OptionSelect value="" onValueChange={noop} options={options} />
      </Field>,
    );
    const button = html.match(/<button [^>]*>/)?.[0] ?? "";
    expect(button).toContain('id="settle"');
    expect(button).toContain('aria-describedby="settle-description settle-error"');
    expect(button).toContain('aria-invalid="true"');
  });
});
