import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ConfirmAction } from "@/components/forms/confirm-action";

const base = { title: "Revoke this key?", description: "Calls with it stop working.", confirm: "Revoke", onConfirm: () => {} };

describe("ConfirmAction before first use", () => {
  it("renders only its trigger, saying it opens a dialog that is closed; the dialog's code is not loaded yet", () => {
    const html = renderToStaticMarkup(<ConfirmAction {...base} trigger={<button type="button">Revoke</button>} />);
    expect(html).toMatch(/^<button [^>]*>Revoke<\/button>$/);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toMatch(/role="alertdialog"|Calls with it stop working/);
  });

  it("renders nothing while a dialog without a trigger is closed", () => {
    expect(renderToStaticMarkup(<ConfirmAction {...base} open={false} onOpenChange={() => {}} />)).toBe("");
  });
});
