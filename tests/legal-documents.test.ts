/**
 * @jest-environment node
 *
 * Terms and Privacy PDFs (spec §2 footer): built by the shell into dist/documents/ from
 * shell/legal/<document>/<lang>.md — English at /documents/<file>, the other eight languages at
 * /documents/<lang>/<file>, and a language without a translation gets the English PDF.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legalDocumentUrl } from '@landing/shared';

jest.setTimeout(120_000);

const root = join(__dirname, '..');
const legal = join(root, 'shell', 'legal');
const LANGS = ['ru', 'pl', 'en', 'br', 'es', 'it', 'de', 'fr', 'tr'] as const;
const ISO: Record<string, string> = { br: 'pt-BR' };
const DOCS = [
  { id: 'terms-and-conditions', kind: 'terms' },
  { id: 'privacy-policy', kind: 'privacy' },
] as const;

const headings = (md: string) => md.split('\n').filter((l) => /^## /.test(l));

test('every language has both sources with the same sections as the English one', () => {
  for (const { id } of DOCS) {
    const english = readFileSync(join(legal, id, 'en.md'), 'utf8');
    expect(readdirSync(join(legal, id)).sort()).toEqual([...LANGS].map((l) => `${l}.md`).sort());
    for (const lang of LANGS) {
      const md = readFileSync(join(legal, id, `${lang}.md`), 'utf8');
      expect({ lang, id, sections: headings(md).length }).toEqual({ lang, id, sections: headings(english).length });
      expect(md.startsWith('# ')).toBe(true);
    }
  }
});

test('the shell build serves a PDF in every language at the address the site links to', () => {
  const dist = join(root, 'shell', 'dist');
  expect(existsSync(join(dist, 'index.html'))).toBe(true); // pnpm run build runs first
  for (const { kind } of DOCS) {
    const english = readFileSync(join(dist, legalDocumentUrl(kind, 'en')));
    for (const lang of LANGS) {
      const path = legalDocumentUrl(kind, lang);
      expect(path).toEqual(
        lang === 'en'
          ? `/documents/${kind === 'terms' ? 'terms-and-conditions' : 'privacy-policy'}.pdf`
          : expect.stringMatching(new RegExp(`^/documents/${lang}/`)),
      );
      const pdf = readFileSync(join(dist, path));
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain(`/Lang (${ISO[lang] ?? lang})`);
      // Translated: not the English document.
      if (lang !== 'en') expect(pdf.equals(english)).toBe(false);
    }
  }
});

test('a language without its own text gets the English PDF at its address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'legal-'));
  try {
    const sources = join(dir, 'src');
    for (const { id } of DOCS) {
      mkdirSync(join(sources, id), { recursive: true });
      cpSync(join(legal, id, 'en.md'), join(sources, id, 'en.md'));
      cpSync(join(legal, id, 'pl.md'), join(sources, id, 'pl.md'));
    }
    const out = join(dir, 'out');
    const run = spawnSync(process.execPath, [join(root, 'shell', 'scripts', 'legal-documents.mjs'), out], {
      env: { ...process.env, LEGAL_DOCUMENTS_DIR: sources },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    for (const { kind } of DOCS) {
      const english = readFileSync(join(out, legalDocumentUrl(kind, 'en')));
      expect(readFileSync(join(out, legalDocumentUrl(kind, 'de'))).equals(english)).toBe(true);
      expect(readFileSync(join(out, legalDocumentUrl(kind, 'tr'))).equals(english)).toBe(true);
      expect(readFileSync(join(out, legalDocumentUrl(kind, 'pl'))).equals(english)).toBe(false);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
