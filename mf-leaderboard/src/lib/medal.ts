const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** Medal of a podium place (1..3), else undefined: the class suffix of a row or a prize (`lb__row--gold`). */
export function medal(place: number): (typeof MEDALS)[number] | undefined {
  return MEDALS[place - 1];
}
