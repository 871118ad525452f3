import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { ControlledDialogOnDemand, DialogOnDemand } from "@/components/page/on-demand-dialog";

// Never called before first use: these tests render what the page shows until then.
const load = () => Promise.reject(new Error("not loaded before first use"));

describe("dialogs before first use", () => {
  it("a dialog with its own button renders the button alone, saying it opens a dialog", () => {
    const html = renderToStaticMarkup(
      <DialogOnDemand
        load={load}
        props={{}}
        button={(press) => (
          <button type="button" {...press}>
            Add teammate
          </button>
        )}
      />,
    );
    expect(html).toMatch(/^<button [^>]*>Add teammate<\/button>$/);
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('aria-expanded="false"');
  });

  it("a dialog its caller opens renders nothing while closed", () => {
    expect(renderToStaticMarkup(<ControlledDialogOnDemand load={load} props={{ open: false }} />)).toBe("");
  });
});
