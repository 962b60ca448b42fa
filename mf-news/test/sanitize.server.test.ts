/**
 * @jest-environment node
 *
 * The server build's article sanitiser (SSR, no DOM): the same dangerous input the browser's
 * DOMPurify test uses must come out harmless, formatting kept.
 */
import { sanitizeArticleHtml } from '../src/lib/sanitize.server';

test('drops scripts, handlers, javascript: URLs, styles, forms and frames; keeps formatting', () => {
  const dirty =
    '<h3>Title</h3><p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>' +
    '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><p style="color:red">styled</p>' +
    '<form><input name="q"></form><iframe src="https://evil.example"></iframe><ul><li>ok</li></ul>' +
    '<svg><script>alert(4)</script></svg><a href="//evil.example">proto</a><style>body{}</style>';
  const clean = sanitizeArticleHtml(dirty);
  expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style=|<form|<input|<iframe|<svg|<style|\/\/evil/);
  expect(clean).toContain('<h2>Title</h2>');
  expect(clean).toContain('<strong>there</strong>');
  expect(clean).toContain('<ul><li>ok</li></ul>');
});

test("body headings start at h2 under the article's h1 and skip no level, as in the browser", () => {
  const clean = sanitizeArticleHtml('<h1>Big</h1><h3 lang="en">A <em>b</em></h3><p>x</p><h5>B</h5><h3>C</h3><h4>D</h4>');
  expect(clean).toBe('Big<h2 lang="en">A <em>b</em></h2><p>x</p><h3>B</h3><h2>C</h2><h3>D</h3>');
  // Text and attributes that look like heading tags are escaped, so they are left alone.
  expect(sanitizeArticleHtml('<p title="<h4>">&lt;h4&gt;</p><h4>Only</h4>')).toBe('<p>&lt;h4&gt;</p><h2>Only</h2>');
});

test('external links open in a new tab without the opener; site links stay', () => {
  const clean = sanitizeArticleHtml('<a href="https://example.org/x" target="_self">out</a> <a href="/royal/bets" target="_blank">in</a>');
  expect(clean).toContain('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">out</a>');
  expect(clean).toContain('<a href="/royal/bets">in</a>');
});

test('the server build renders every body: its sanitiser is loaded from the start (article-sanitizer.server.ts)', async () => {
  const { loadSanitizer, loadedSanitizer } = await import('../src/lib/article-sanitizer.server');
  const sanitize = loadedSanitizer();
  expect(sanitize).toBe(sanitizeArticleHtml);
  expect(sanitize!('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
  await expect(loadSanitizer()).resolves.toBe(sanitizeArticleHtml);
});
