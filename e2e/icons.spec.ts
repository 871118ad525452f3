import { expect, test } from "./fixtures";
import { SIGNED_OUT } from "./helpers";

// The icons and the manifest are fetched before anyone signs in (and the manifest without cookies
// at all), so each must come back as itself, never as the redirect to the sign-in page.
test.use(SIGNED_OUT);

test("the sign-in page links the favicon, app icons and manifest, and each is served signed out", async ({ page, request }) => {
  await page.goto("/sign-in");
  const hrefs = async (selector: string) => page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const icons = await hrefs('link[rel="icon"]');
  expect(icons).toEqual(expect.arrayContaining(["/favicon.ico", "/icons/icon.svg"]));
  const [apple] = await hrefs('link[rel="apple-touch-icon"]');
  const [manifestHref] = await hrefs('link[rel="manifest"]');
  expect(apple).toBe("/apple-touch-icon.png");
  expect(manifestHref).toBe("/manifest.webmanifest");

  const manifestRes = await request.get(manifestHref, { maxRedirects: 0 });
  expect(manifestRes.status()).toBe(200);
  const manifest = (await manifestRes.json()) as { name: string; icons: { src: string; sizes: string }[] };
  expect(manifest.name).toBe("Merchant Ops");
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));

  for (const href of [...icons, apple, ...manifest.icons.map((icon) => icon.src)]) {
    const res = await request.get(href, { maxRedirects: 0 });
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toMatch(/^image\//);
    expect(res.headers()["x-content-type-options"], href).toBe("nosniff");
    expect((await res.body()).length, href).toBeGreaterThan(100);
  }
});
