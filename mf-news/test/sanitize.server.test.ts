/**
 * @jest-environment node
 *
 * The server build's article sanitiser (SSR, no DOM): the same dangerous input the browser's
 * DOMPurify test uses must come out harmless, formatting kept.
 */
import { sanitizeArticleHtml } from '../src/components/sanitize.server';

test('drops scripts, handlers, javascript: URLs, styles, forms and frames; keeps formatting', () => {
  const dirty =
    '<h3>Title</h3><p onclick="x()">Hi <strong>there</strong><script>alert(1)</script></p>' +
    '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><p style="color:red">styled</p>' +
    '<form><input name="q"></form><iframe src="https://evil.example"></iframe><ul><li>ok</li></ul>' +
    '<svg><script>alert(4)</script></svg><a href="//evil.example">proto</a><style>body{}</style>';
  const clean = sanitizeArticleHtml(dirty);
  expect(clean).not.toMatch(/script|onclick|onerror|javascript:|style=|<form|<input|<iframe|<svg|<style|\/\/evil/);
  expect(clean).toContain('<h3>Title</h3>');
  expect(clean).toContain('<strong>there</strong>');
  expect(clean).toContain('<ul><li>ok</li></ul>');
});

test('external links open in a new tab without the opener; site links stay', () => {
  const clean = sanitizeArticleHtml('<a href="https://example.org/x" target="_self">out</a> <a href="/royal/bets" target="_blank">in</a>');
  expect(clean).toContain('<a href="https://example.org/x" target="_blank" rel="noopener noreferrer">out</a>');
  expect(clean).toContain('<a href="/royal/bets">in</a>');
});
