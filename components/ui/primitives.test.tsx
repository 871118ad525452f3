import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

describe("Button", () => {
  it("is type=button unless told otherwise, so it never submits a form by accident", () => {
    expect(renderToStaticMarkup(<Button>Save</Button>)).toContain('type="button"');
    expect(renderToStaticMarkup(<Button type="submit">Save</Button>)).toContain('type="submit"');
  });

  it("renders its child instead of a button with asChild, keeping the styling", () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="outline">
        <a href="/settings/team">Team</a>
      </Button>,
    );
    expect(html).toMatch(/^<a /);
    expect(html).toContain('href="/settings/team"');
    expect(html).toContain('data-slot="button"');
    expect(html).not.toContain("type=");
    expect(html).toContain("border");
  });

  it("draws a visible focus ring", () => {
    expect(renderToStaticMarkup(<Button>Go</Button>)).toContain("focus-visible:ring-[3px]");
  });
});

describe("Badge", () => {
  it.each([
    ["success", "bg-success text-success-foreground"],
    ["warning", "bg-warning text-warning-foreground"],
    ["destructive", "bg-destructive text-destructive-foreground"],
    ["outline", "text-foreground"],
  ] as const)("%s uses its token pair", (variant, classes) => {
    const html = renderToStaticMarkup(<Badge variant={variant}>COMPLETED</Badge>);
    for (const cls of classes.split(" ")) expect(html).toContain(cls);
    expect(html).toContain(`data-variant="${variant}"`);
  });
});

describe("Alert", () => {
  it("stays quiet by default and can be made assertive", () => {
    const quiet = renderToStaticMarkup(
      <Alert variant="warning">
        <AlertTitle>Rate limit close</AlertTitle>
        <AlertDescription>Reads are being cached.</AlertDescription>
      </Alert>,
    );
    expect(quiet).not.toContain("role=");
    expect(quiet).toContain("text-warning");
    expect(renderToStaticMarkup(<Alert role="alert" variant="destructive" />)).toContain('role="alert"');
  });
});

describe("Table", () => {
  it("renders real table semantics inside a scroll container", () => {
    const html = renderToStaticMarkup(
      <Table>
        <TableCaption>Balances</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Currency</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell>NGN</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(html).toMatch(/^<div data-slot="table-container"[^>]*overflow-x-auto[^>]*><table/);
    for (const tag of ["<caption", "<thead", "<tbody", "<td"]) expect(html).toContain(tag);
    expect(html).toMatch(/<th [^>]*scope="col"/);
  });
});
