import './polyfills';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { ArticleBody } from '../src/components/ArticleBody';
import { loadedSanitizer } from '../src/lib/article-sanitizer';

// The module registry is shared by the tests of this file: the hydration test runs first, before
// anything has loaded the browser's sanitiser.

test('a server-rendered body hydrates as the server sanitised it, without loading the browser sanitiser', async () => {
  const fromApi = '<p>Kick-off <strong>tonight</strong><script>alert(1)</script></p>';
  const fromServer = '<p>Kick-off <strong>tonight</strong></p>';
  const container = document.createElement('div');
  container.innerHTML = `<div class="news-article__body" lang="en" data-article-body="">${fromServer}</div>`;
  document.body.append(container);
  const errors: unknown[] = [];
  const tree = (html: string) => (
    <MemoryRouter>
      <ArticleBody html={html} lang="en" />
    </MemoryRouter>
  );
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, tree(fromApi), { onRecoverableError: (e) => errors.push(e) });
  });
  expect(errors).toEqual([]);
  expect(container.querySelector('[data-article-body]')!.innerHTML).toBe(fromServer);
  expect(loadedSanitizer()).toBeUndefined();

  // Another body (a language switch): sanitised in the browser once the sanitiser is in.
  await act(async () => root.render(tree('<p>Anstoß <em>heute</em><img src="x" onerror="alert(2)"></p>')));
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  expect(loadedSanitizer()).toBeDefined();
  const body = container.querySelector('[data-article-body]')!;
  expect(body.querySelector('em')?.textContent).toBe('heute');
  expect(body.innerHTML).not.toMatch(/onerror|script/);
  act(() => root.unmount());
  container.remove();
});
