/**
 * @jest-environment node
 *
 * The one HTML escaper (shared/src/html-escape.ts) writes text and attribute values byte for
 * byte as react-dom/server does, so server-written HTML (page heads, the 503 page, shared player
 * pages filled in per answer) reads the same as React's.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml } from '@landing/shared';

const SAMPLES = ['plain', `O'Neil & <Sons> "FC"`, '&amp; already', 'a > b < c', 'łukasz 🦊', '\u2028 line', ''];

describe('escapeHtml', () => {
  test.each(SAMPLES)('escapes %j as React writes text', (value) => {
    expect(`<b>${escapeHtml(value)}</b>`).toBe(renderToStaticMarkup(<b>{value}</b>));
  });

  test.each(SAMPLES)('escapes %j as React writes an attribute value', (value) => {
    expect(`<b title="${escapeHtml(value)}"></b>`).toBe(renderToStaticMarkup(<b title={value} />));
  });
});
