/**
 * The header row of one of the bets tables (the ranking, the Rules tab's points): a `<thead>` with
 * one `<th scope="col">` per column.
 * @param columns each column's translated label and its classes (`''` for none), in order
 */
export function ColumnHeaders({ columns }: { columns: readonly (readonly [label: string, className: string])[] }) {
  return (
    <thead>
      <tr>
        {columns.map(([label, className]) => (
          <th key={label} scope="col" className={className || undefined}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
