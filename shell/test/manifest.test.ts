/**
 * Installable web app (Lighthouse PWA audits): manifest with name, start URL, standalone display,
 * theme colour, real PNG icons of 192 and 512 px and a maskable 512 px icon; the page links it;
 * the worker precaches it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const shell = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(shell, 'public', 'manifest.webmanifest'), 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const b = readFileSync(file);
  expect(b.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(b.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

test('manifest fields of an installable app', () => {
  expect(manifest.name).toMatch(/Football Team/);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.start_url).toBe('/');
  expect(manifest.scope).toBe('/');
  expect(['standalone', 'fullscreen', 'minimal-ui']).toContain(manifest.display);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
});

test('every icon is a real PNG of its declared size; 192, 512 and maskable 512 exist', () => {
  for (const icon of manifest.icons) {
    const file = join(shell, 'public', icon.src);
    expect(existsSync(file)).toBe(true);
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(icon.type).toBe('image/png');
    expect(pngSize(file)).toEqual({ width: w, height: h });
  }
  const any = manifest.icons.filter((i) => (i.purpose ?? 'any').includes('any')).map((i) => i.sizes);
  expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i) => i.purpose?.includes('maskable') && i.sizes === '512x512')).toBe(true);
  expect(pngSize(join(shell, 'public', 'icons', 'apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
});

test('the page links the manifest, the Apple icon and the same theme colour', () => {
  const html = readFileSync(join(shell, 'src', 'index.html'), 'utf8');
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(html).toContain('rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');
  expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
});

test('the sound files of spec §7 ship in both formats', () => {
  for (const name of ['FX_Click_Basic', 'FX_Lock', 'FX_Success', 'FX_Error']) {
    expect(
      readFileSync(join(shell, 'public', 'cdn', 'sounds', `${name}.ogg`))
        .subarray(0, 4)
        .toString('ascii'),
    ).toBe('OggS');
    const mp3 = readFileSync(join(shell, 'public', 'cdn', 'sounds', `${name}.mp3`));
    expect(mp3.subarray(0, 3).toString('ascii') === 'ID3' || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0)).toBe(true);
  }
  expect(existsSync(join(shell, 'public', 'cdn', 'music', 'Landing_Theme.ogg'))).toBe(true);
  expect(existsSync(join(shell, 'public', 'cdn', 'music', 'Landing_Theme.mp3'))).toBe(true);
});
