import classes from './plots.module.css';

/**
 * The dashboard's three kinds of plot, drawn with a few elements each. They are pictures for the
 * pointer: every value is also a link in the tab order beside the plot (dashboard-charts.tsx), so the
 * plots are hidden from screen readers and out of the tab order.
 */

export interface PlotItem {
  key: string;
  label: string;
  value: number;
}

/** A CSS colour from a Mantine colour name such as "indigo.6". */
function cssColor(name: string): string {
  const [color, shade] = name.split('.');
  return `var(--mantine-color-${color}-${shade ?? 6})`;
}

/** The top of the scale: 1, 2 or 5 times a power of ten, at least the largest value (and at least 2). */
export function scaleTop(largest: number): number {
  if (largest <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest) ?? 10;
  return step * power;
}

const share = (value: number, top: number) => `${top > 0 ? (value / top) * 100 : 0}%`;

/** Upright bars, one per item, on a scale of 0, half and top. */
export function ColumnPlot({
  items,
  color,
  height,
  onPick,
}: {
  items: PlotItem[];
  color: string;
  height: number;
  onPick: (item: PlotItem) => void;
}) {
  const top = scaleTop(Math.max(0, ...items.map((item) => item.value)));
  return (
    <div className={classes.columns} style={{ height }} aria-hidden="true" data-plot="columns">
      <div className={classes.scale}>
        <span>{top}</span>
        <span>{top / 2}</span>
        <span>0</span>
      </div>
      <div className={classes.area}>
        {items.map((item) => (
          <div
            key={item.key}
            className={classes.column}
            title={`${item.label}: ${item.value}`}
            data-bar={item.key}
            onClick={() => onPick(item)}
          >
            <div
              className={classes.bar}
              style={{ height: share(item.value, top), background: cssColor(color) }}
            />
          </div>
        ))}
      </div>
      <div className={classes.ticks}>
        {items.map((item) => (
          <span key={item.key}>{item.label}</span>
        ))}
      </div>
    </div>
  );
}

/** Lying bars, one row per item, labelled at the left and valued at the right. */
export function RowPlot({
  items,
  color,
  height,
  onPick,
}: {
  items: PlotItem[];
  color: string;
  height: number;
  onPick: (item: PlotItem) => void;
}) {
  const top = Math.max(1, ...items.map((item) => item.value));
  return (
    <div className={classes.rows} style={{ height }} aria-hidden="true" data-plot="rows">
      {items.map((item) => (
        <div
          key={item.key}
          className={classes.row}
          title={`${item.label}: ${item.value}`}
          data-bar={item.key}
          onClick={() => onPick(item)}
        >
          <span className={classes.rowLabel}>{item.label}</span>
          <div
            className={classes.rowBar}
            style={{ width: share(item.value, top), background: cssColor(color) }}
          />
          <span>{item.value}</span>
        </div>
      ))}
    </div>
  );
}

export interface Slice extends PlotItem {
  color: string;
}

/** A ring cut into slices in proportion to their values, with an optional label in its middle. */
export function DonutPlot<S extends Slice>({
  slices,
  size,
  thickness,
  centre,
  onPick,
}: {
  slices: S[];
  size: number;
  thickness: number;
  centre?: string;
  onPick?: (slice: S) => void;
}) {
  const radius = (size - thickness) / 2;
  const round = 2 * Math.PI * radius;
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  let start = 0;
  return (
    <svg
      className={classes.donut}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      aria-hidden="true"
      data-plot="donut"
    >
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        stroke="var(--mantine-color-default-border)"
        strokeWidth={thickness}
      />
      <g transform={`rotate(-90 ${size / 2} ${size / 2})`}>
        {total > 0 &&
          slices.map((slice) => {
            const length = (slice.value / total) * round;
            const offset = -start;
            start += length;
            return (
              <circle
                key={slice.key}
                className={onPick ? classes.slice : undefined}
                cx={size / 2}
                cy={size / 2}
                r={radius}
                fill="none"
                stroke={cssColor(slice.color)}
                strokeWidth={thickness}
                strokeDasharray={`${length} ${round - length}`}
                strokeDashoffset={offset}
                data-bar={slice.key}
                onClick={onPick && (() => onPick(slice))}
              >
                <title>{`${slice.label}: ${slice.value}`}</title>
              </circle>
            );
          })}
      </g>
      {centre && (
        <text
          x="50%"
          y="50%"
          textAnchor="middle"
          dominantBaseline="central"
          fontSize={18}
          fontWeight={700}
          fill="var(--mantine-color-text)"
        >
          {centre}
        </text>
      )}
    </svg>
  );
}
