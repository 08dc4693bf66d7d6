// A program typed key by key, with the real keyboard, reads exactly as typed:
// in Monaco and in the early editor before it, by a user who leans on
// auto-indent and by one who types their own indentation. Monaco closes `{`
// as it is typed; a `}` typed later must not leave a second one behind.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser";
import { clearEditor, openPlayground, runAndWait, savedSource } from "./playgroundPage";
import { type RunningServer, startServer } from "./server";

const PROGRAM = `// Sums and a verdict, typed key by key.
fn total(xs: [i64]) -> i64 {
    var sum = 0
    for x in xs {
        sum += x
    }
    sum
}

fn main() {
    let t = total([1, 2, 3, 4])
    if t > 5 {
        println("big {t}")
    } else {
        println("small {t}")
    }
}
`;
/** What a user who leaves indentation to the editor types: every line from its first character. */
const LEANING_ON_AUTO_INDENT = PROGRAM.split("\n")
  .map((line) => line.trimStart())
  .join("\n");

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

describe("typing a program key by key", () => {
  for (const [habit, typed] of [
    ["leaning on auto-indent", LEANING_ON_AUTO_INDENT],
    ["typing their own indentation", PROGRAM],
  ] as const) {
    it(`in Monaco, ${habit}, gives exactly the program, which runs`, async () => {
      const { context, page } = await freshPage();
      await openPlayground(page, server.url);
      await clearEditor(page);
      // At machine speed, keys faster than Monaco tokenizes (it then skips some auto-closing).
      await page.keyboard.type(typed);
      await expect.poll(() => savedSource(page)).toBe(PROGRAM);
      expect((await runAndWait(page)).stdout).toBe("big 10\n");
      await context.close();
    });
  }

  it("`{`, Enter, `}` in Monaco gives one block, not a stray closer", async () => {
    const { context, page } = await freshPage();
    await openPlayground(page, server.url);
    await clearEditor(page);
    await page.keyboard.type("fn a() {");
    await page.keyboard.press("Enter");
    await page.keyboard.type("}");
    await expect.poll(() => savedSource(page)).toBe("fn a() {\n}");
    await context.close();
  });

  for (const [habit, typed] of [
    ["leaning on auto-indent", LEANING_ON_AUTO_INDENT],
    ["typing their own indentation", PROGRAM],
  ] as const) {
    it(`before Monaco has loaded, ${habit}, gives the same text as Monaco does`, async () => {
      const { context, page } = await freshPage();
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/CodeEditor-[^/]*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(server.url);
      await page.locator('[data-testid=editor][data-ready="true"][data-editor="early"]').waitFor({ timeout: 30_000 });
      const box = page.getByTestId("early-editor").getByRole("textbox", { name: "Program source (Pith)" });
      await box.click();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      await page.keyboard.type(typed);
      expect(await box.inputValue()).toBe(PROGRAM);
      release();
      await page.locator('[data-testid=editor][data-editor="monaco"]').waitFor({ timeout: 30_000 });
      expect(await savedSource(page)).toBe(PROGRAM);
      await context.close();
    });
  }
});
