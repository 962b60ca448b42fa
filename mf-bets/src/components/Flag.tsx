/**
 * Small generated SVG flags of the tournament teams (emoji flags do not render everywhere).
 * Simplified designs at 3:2 (viewBox 30×20); a team whose region has no design shows its code
 * on a neutral badge instead. Decorative: the team name is always written next to it.
 */
import type { ReactNode } from 'react';

type Draw = () => ReactNode;

function stripes(direction: 'h' | 'v', colors: readonly string[], weights: readonly number[] = colors.map(() => 1)): ReactNode {
  const total = weights.reduce((a, b) => a + b, 0);
  let at = 0;
  return colors.map((fill, i) => {
    const size = ((weights[i] ?? 1) / total) * (direction === 'h' ? 20 : 30);
    const rect =
      direction === 'h' ? (
        <rect key={i} x={0} y={at} width={30} height={size + 0.05} fill={fill} />
      ) : (
        <rect key={i} x={at} y={0} width={size + 0.05} height={20} fill={fill} />
      );
    at += size;
    return rect;
  });
}

/** Points of a five-pointed star centred on (cx, cy) with outer radius r. */
function starPoints(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.4;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return pts.join(' ');
}
const star = (cx: number, cy: number, r: number, fill: string, key?: string) => (
  <polygon key={key} points={starPoints(cx, cy, r)} fill={fill} />
);
const field = (fill: string) => <rect width={30} height={20} fill={fill} />;
const cross = (fill: string, x: number, width: number, y = 10 - width / 2) => (
  <>
    <rect x={x} y={0} width={width} height={20} fill={fill} />
    <rect x={0} y={y} width={30} height={width} fill={fill} />
  </>
);

const FLAGS: Record<string, Draw> = {
  AR: () => (
    <>
      {stripes('h', ['#74acdf', '#ffffff', '#74acdf'])}
      <circle cx={15} cy={10} r={2.2} fill="#f6b40e" />
    </>
  ),
  AT: () => stripes('h', ['#ed2939', '#ffffff', '#ed2939']),
  AL: () => (
    <>
      {field('#e41e20')}
      <path
        d="M15 4.5l1.6 2.2 2.8-1.4-.8 2.9 2.6.9-2.4 1.5 1.2 2.5-2.9-.4-.6 2.8L15 13.6l-1.5 1.9-.6-2.8-2.9.4 1.2-2.5-2.4-1.5 2.6-.9-.8-2.9 2.8 1.4z"
        fill="#000000"
      />
    </>
  ),
  AU: () => (
    <>
      {field('#012169')}
      <path d="M0 0L15 10M15 0L0 10" stroke="#ffffff" strokeWidth={2} />
      <path d="M0 0L15 10M15 0L0 10" stroke="#c8102e" strokeWidth={0.8} />
      <rect x={6} y={0} width={3} height={10} fill="#ffffff" />
      <rect x={0} y={3.5} width={15} height={3} fill="#ffffff" />
      <rect x={6.5} y={0} width={2} height={10} fill="#c8102e" />
      <rect x={0} y={4} width={15} height={2} fill="#c8102e" />
      <rect x={15} y={0} width={15} height={10} fill="#012169" />
      <rect x={0} y={10} width={15} height={10} fill="#012169" />
      {star(7.5, 15, 2.4, '#ffffff', 'a')}
      {star(23, 4, 1.3, '#ffffff', 'b')}
      {star(20, 9.5, 1.3, '#ffffff', 'c')}
      {star(26, 9, 1.3, '#ffffff', 'd')}
      {star(23, 16, 1.4, '#ffffff', 'e')}
    </>
  ),
  BE: () => stripes('v', ['#000000', '#fdda24', '#ef3340']),
  BR: () => (
    <>
      {field('#009c3b')}
      <polygon points="15,2.5 27.5,10 15,17.5 2.5,10" fill="#ffdf00" />
      <circle cx={15} cy={10} r={4.4} fill="#002776" />
      <path d="M10.8 9.2q4.2-1.2 8.4 1.6" stroke="#ffffff" strokeWidth={0.8} fill="none" />
    </>
  ),
  CA: () => (
    <>
      {stripes('v', ['#d52b1e', '#ffffff', '#d52b1e'], [1, 2, 1])}
      <path
        d="M15 4l1 2 1.6-.6-.5 3 1.9-1.6.5 1.2 1.5-.3-.6 1.9.8.5-3 2.3.3 1.1-3-.4V16h-1v-2.9l-3 .4.3-1.1-3-2.3.8-.5-.6-1.9 1.5.3.5-1.2 1.9 1.6-.5-3 1.6.6z"
        fill="#d52b1e"
      />
    </>
  ),
  CH: () => (
    <>
      {field('#da291c')}
      <rect x={12.6} y={4} width={4.8} height={12} fill="#ffffff" />
      <rect x={9} y={7.6} width={12} height={4.8} fill="#ffffff" />
    </>
  ),
  CO: () => stripes('h', ['#fcd116', '#003893', '#ce1126'], [2, 1, 1]),
  CZ: () => (
    <>
      {stripes('h', ['#ffffff', '#d7141a'])}
      <polygon points="0,0 15,10 0,20" fill="#11457e" />
    </>
  ),
  DE: () => stripes('h', ['#000000', '#dd0000', '#ffce00']),
  DK: () => (
    <>
      {field('#c8102e')}
      <rect x={9} y={0} width={3} height={20} fill="#ffffff" />
      <rect x={0} y={8.5} width={30} height={3} fill="#ffffff" />
    </>
  ),
  EC: () => (
    <>
      {stripes('h', ['#ffdd00', '#034ea2', '#ed1c24'], [2, 1, 1])}
      <circle cx={15} cy={10} r={2.3} fill="#6b4f2a" />
      <circle cx={15} cy={10} r={1.3} fill="#7fb2e5" />
    </>
  ),
  EG: () => (
    <>
      {stripes('h', ['#ce1126', '#ffffff', '#000000'])}
      <path d="M15 7.6l1.6 1.3-.4 2.3h-2.4l-.4-2.3z" fill="#c09300" />
    </>
  ),
  ES: () => (
    <>
      {stripes('h', ['#aa151b', '#f1bf00', '#aa151b'], [1, 2, 1])}
      <rect x={7} y={7.5} width={3.2} height={5} rx={0.8} fill="#aa151b" />
    </>
  ),
  FR: () => stripes('v', ['#0055a4', '#ffffff', '#ef4135']),
  'GB-ENG': () => (
    <>
      {field('#ffffff')}
      {cross('#ce1124', 13, 4)}
    </>
  ),
  'GB-SCT': () => (
    <>
      {field('#005eb8')}
      <path d="M0 0L30 20M30 0L0 20" stroke="#ffffff" strokeWidth={3.4} />
    </>
  ),
  GE: () => (
    <>
      {field('#ffffff')}
      {cross('#ff0000', 13, 4)}
      {[
        [6.5, 4.5],
        [23.5, 4.5],
        [6.5, 15.5],
        [23.5, 15.5],
      ].map(([x, y]) => (
        <g key={`${x}-${y}`} fill="#ff0000">
          <rect x={x! - 0.6} y={y! - 2} width={1.2} height={4} />
          <rect x={x! - 2} y={y! - 0.6} width={4} height={1.2} />
        </g>
      ))}
    </>
  ),
  GH: () => (
    <>
      {stripes('h', ['#ce1126', '#fcd116', '#006b3f'])}
      {star(15, 10.3, 3, '#000000')}
    </>
  ),
  HR: () => (
    <>
      {stripes('h', ['#ff0000', '#ffffff', '#171796'])}
      <rect x={12.3} y={5.5} width={5.4} height={7} rx={1} fill="#ffffff" stroke="#171796" strokeWidth={0.4} />
      {[0, 1, 2].flatMap((r) =>
        [0, 1, 2].map((c) =>
          (r + c) % 2 === 0 ? <rect key={`${r}${c}`} x={12.6 + c * 1.6} y={5.8 + r * 1.6} width={1.6} height={1.6} fill="#ff0000" /> : null,
        ),
      )}
    </>
  ),
  HU: () => stripes('h', ['#ce2939', '#ffffff', '#477050']),
  IR: () => (
    <>
      {stripes('h', ['#239f40', '#ffffff', '#da0000'])}
      <circle cx={15} cy={10} r={1.8} fill="none" stroke="#da0000" strokeWidth={0.8} />
    </>
  ),
  IT: () => stripes('v', ['#009246', '#ffffff', '#ce2b37']),
  JP: () => (
    <>
      {field('#ffffff')}
      <circle cx={15} cy={10} r={6} fill="#bc002d" />
    </>
  ),
  KR: () => (
    <>
      {field('#ffffff')}
      <g transform="rotate(33.7 15 10)">
        <path d="M10 10a5 5 0 0 1 10 0z" fill="#cd2e3a" />
        <path d="M10 10a5 5 0 0 0 10 0z" fill="#0047a0" />
        <circle cx={12.5} cy={10} r={2.5} fill="#cd2e3a" />
        <circle cx={17.5} cy={10} r={2.5} fill="#0047a0" />
      </g>
      {[
        [4.5, 3.5, 33.7],
        [25.5, 16.5, 33.7],
        [25.5, 3.5, -33.7],
        [4.5, 16.5, -33.7],
      ].map(([x, y, a]) => (
        <g key={`${x}-${y}`} transform={`rotate(${a} ${x} ${y})`} fill="#000000">
          <rect x={x! - 2} y={y! - 2} width={4} height={0.9} />
          <rect x={x! - 2} y={y! - 0.45} width={4} height={0.9} />
          <rect x={x! - 2} y={y! + 1.1} width={4} height={0.9} />
        </g>
      ))}
    </>
  ),
  MA: () => (
    <>
      {field('#c1272d')}
      <polygon points={starPoints(15, 10.4, 5)} fill="none" stroke="#006233" strokeWidth={0.9} />
    </>
  ),
  MX: () => (
    <>
      {stripes('v', ['#006847', '#ffffff', '#ce1126'])}
      <circle cx={15} cy={10} r={2.1} fill="#8c5a2b" />
      <path d="M13 11.6q2 1.4 4 0" stroke="#006847" strokeWidth={0.6} fill="none" />
    </>
  ),
  NG: () => stripes('v', ['#008751', '#ffffff', '#008751']),
  NL: () => stripes('h', ['#ae1c28', '#ffffff', '#21468b']),
  PL: () => stripes('h', ['#ffffff', '#dc143c']),
  PT: () => (
    <>
      {stripes('v', ['#006600', '#ff0000'], [2, 3])}
      <circle cx={12} cy={10} r={3.6} fill="#ffcc00" />
      <rect x={10.6} y={8.2} width={2.8} height={3.6} rx={0.6} fill="#ffffff" stroke="#ff0000" strokeWidth={0.5} />
    </>
  ),
  RO: () => stripes('v', ['#002b7f', '#fcd116', '#ce1126']),
  RS: () => (
    <>
      {stripes('h', ['#c6363c', '#0c4076', '#ffffff'])}
      <rect x={7.5} y={5.5} width={4} height={6} rx={1.2} fill="#c6363c" stroke="#edb92e" strokeWidth={0.5} />
    </>
  ),
  SI: () => (
    <>
      {stripes('h', ['#ffffff', '#005da4', '#ed1c24'])}
      <path d="M7 3.6h5v4.6q0 2.4-2.5 3.4-2.5-1-2.5-3.4z" fill="#005da4" stroke="#ed1c24" strokeWidth={0.5} />
      <path d="M7.7 9l1.2-1.6 1 1.1 1-1.1 1.2 1.6z" fill="#ffffff" />
    </>
  ),
  SK: () => (
    <>
      {stripes('h', ['#ffffff', '#0b4ea2', '#ee1c25'])}
      <path d="M6 4.5h7v5.6q0 3.1-3.5 4.4-3.5-1.3-3.5-4.4z" fill="#ee1c25" stroke="#ffffff" strokeWidth={0.6} />
      <rect x={9} y={5.6} width={1} height={7} fill="#ffffff" />
      <rect x={7.6} y={7} width={3.8} height={0.9} fill="#ffffff" />
      <rect x={7.1} y={8.8} width={4.8} height={0.9} fill="#ffffff" />
      <path d="M6.8 12.2q2.7-1.6 5.4 0v.5q-2.7 1.4-5.4 0z" fill="#0b4ea2" />
    </>
  ),
  SN: () => (
    <>
      {stripes('v', ['#00853f', '#fdef42', '#e31b23'])}
      {star(15, 10.3, 3, '#00853f')}
    </>
  ),
  TN: () => (
    <>
      {field('#e70013')}
      <circle cx={15} cy={10} r={5} fill="#ffffff" />
      <circle cx={14.4} cy={10} r={3.6} fill="#e70013" />
      <circle cx={15.4} cy={10} r={2.9} fill="#ffffff" />
      {star(16.1, 10, 2, '#e70013')}
    </>
  ),
  TR: () => (
    <>
      {field('#e30a17')}
      <circle cx={11} cy={10} r={5} fill="#ffffff" />
      <circle cx={12.3} cy={10} r={4} fill="#e30a17" />
      {star(17.6, 10, 2.4, '#ffffff')}
    </>
  ),
  UA: () => stripes('h', ['#0057b7', '#ffd700']),
  US: () => (
    <>
      {stripes(
        'h',
        Array.from({ length: 13 }, (_, i) => (i % 2 === 0 ? '#b22234' : '#ffffff')),
      )}
      <rect x={0} y={0} width={12.5} height={10.8} fill="#3c3b6e" />
      {[0, 1, 2, 3].flatMap((r) =>
        [0, 1, 2, 3, 4].map((c) => (
          <circle key={`${r}${c}`} cx={1.5 + c * 2.4 + (r % 2) * 1.2} cy={1.6 + r * 2.5} r={0.5} fill="#ffffff" />
        )),
      )}
    </>
  ),
  UY: () => (
    <>
      {stripes(
        'h',
        Array.from({ length: 9 }, (_, i) => (i % 2 === 0 ? '#ffffff' : '#0038a8')),
      )}
      <rect x={0} y={0} width={11} height={11.1} fill="#ffffff" />
      <circle cx={5.5} cy={5.5} r={2.6} fill="#fcd116" stroke="#7b3f00" strokeWidth={0.3} />
    </>
  ),
};

export interface FlagProps {
  /** ISO 3166-1 alpha-2 or subdivision (`GB-ENG`), as the API gives `team.region`. */
  region: string;
  /** Team code shown on the fallback badge (e.g. `GER`). */
  code: string;
  /** Width in px (height is two thirds). Default 36. */
  width?: number;
}

/** A team's flag (decorative, `aria-hidden`). */
export function Flag({ region, code, width = 36 }: FlagProps) {
  const draw = FLAGS[region];
  if (!draw) {
    return (
      <span className="bt-flag bt-flag--badge" style={{ width, height: Math.round((width * 2) / 3) }} aria-hidden="true">
        {code}
      </span>
    );
  }
  return (
    <svg
      className="bt-flag"
      width={width}
      height={Math.round((width * 2) / 3)}
      viewBox="0 0 30 20"
      aria-hidden="true"
      focusable="false"
      data-region={region}
    >
      {draw()}
      <rect width={30} height={20} fill="none" stroke="rgba(0,0,0,0.25)" strokeWidth={0.6} />
    </svg>
  );
}
