/** The key forms as the browser first receives them: a masked key field and labelled scope boxes. */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AddKeyForm, ReplaceKeyForm } from "./key-dialog";

describe("key forms", () => {
  it("asks for the key in a password field that browsers do not fill or remember, with every scope ticked", () => {
    const html = renderToStaticMarkup(<AddKeyForm mode="add" environment="sandbox" surface="pro" label="Sandbox Pro" onDone={() => undefined} />);
    const input = /<input[^>]*id="add-key-sandbox-pro-key"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('type="password"');
    expect(input).toMatch(/autocomplete="off"/i);
    expect(input).not.toMatch(/value="[^"]/);
    for (const scope of ["Read", "Write", "Trade"]) {
      expect(html).toMatch(
        new RegExp(
          `<button[^>]*role="checkbox"[^>]*aria-checked="true"[^>]*id="add-key-sandbox-pro-scope-${scope}"|<button[^>]*id="add-key-sandbox-pro-scope-${scope}"[^>]*aria-checked="true"`,
        ),
      );
      expect(html).toContain(`for="add-key-sandbox-pro-scope-${scope}"`);
    }
    expect(html).toContain("Check and save");
  });

  it("keeps the current scopes ticked when replacing, and never pre-fills a key", () => {
    const html = renderToStaticMarkup(
      <ReplaceKeyForm
        mode="replace"
        environment="production"
        surface="core"
        label="Production Core"
        keyId="0b7c2a56-3c1e-4d55-9f59-2f7d1c1f8a11"
        currentScopes={["Read"]}
        onDone={() => undefined}
      />,
    );
    expect(html).toMatch(/id="replace-key-production-core-scope-Read"/);
    expect(html).toMatch(
      /aria-checked="true"[^>]*id="replace-key-production-core-scope-Read"|id="replace-key-production-core-scope-Read"[^>]*aria-checked="true"/,
    );
    expect(html).toMatch(
      /aria-checked="false"[^>]*id="replace-key-production-core-scope-Trade"|id="replace-key-production-core-scope-Trade"[^>]*aria-checked="false"/,
    );
    expect(html).toContain("New API key");
    expect(/<input[^>]*id="replace-key-production-core-key"[^>]*>/.exec(html)?.[0]).toContain('type="password"');
  });
});
