import type { ReactNode } from 'react';
import { formatNumber } from '@landing/shared';

import { medal } from '../lib/medal';

/** One row of a leaderboard list: what every list has, plus its own name cell and number. */
interface RankRow {
  id: number;
  position: number;
  points: number;
  /** The name cell (flag or badge, name, club). */
  name: ReactNode;
  /** The list's own number column (OVR, members). */
  value: ReactNode;
}

export interface RankTableProps {
  /** Headings of the name and the number column. */
  nameHeading: string;
  valueHeading: string;
  pointsHeading: string;
  rows: readonly RankRow[];
}

/** A leaderboard list (spec §3): position (medals for the podium), name, the list's number, points. */
export function RankTable({ nameHeading, valueHeading, pointsHeading, rows }: RankTableProps) {
  return (
    <table className="lb__rows ui-table">
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{nameHeading}</th>
          <th scope="col" className="lb__num">
            {valueHeading}
          </th>
          <th scope="col" className="lb__num">
            {pointsHeading}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={medal(row.position) ? `lb__row--${medal(row.position)}` : undefined}>
            <td>
              <span className="lb__pos">{row.position}</span>
            </td>
            <td>{row.name}</td>
            <td className="lb__num">{row.value}</td>
            <td className="lb__num lb__points">{formatNumber(row.points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
