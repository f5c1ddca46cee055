// A bar chart of one figure per day, drawn on the server as SVG: it needs no script. Screen readers get
// its summary as the image's name and the numbers from the dashboard's table (aria-describedby); the
// axis labels are HTML around the drawing so they stay readable at any width.
import type { DayFigure, DayFigures } from '../../lib/page-views/dashboard'

const WIDTH = 600
const HEIGHT = 160
const SLOT = WIDTH / 30
const BAR = SLOT * 0.7

/** The top of the scale: the day's highest figure rounded up to a readable step (at least 4). */
export function scaleTop(max: number): number {
  if (max <= 4) return 4
  const step = 10 ** Math.floor(Math.log10(max))
  for (const factor of [1, 2, 2.5, 5, 10]) if (step * factor >= max) return step * factor
  return step * 10
}

export function DayChart({
  days,
  figure,
  label,
  describedBy,
  variant,
  formatDay,
  formatNumber,
}: {
  days: DayFigures[]
  figure: DayFigure
  label: string
  describedBy: string
  variant: 'views' | 'contacts' | 'buyers'
  formatDay: (day: string) => string
  formatNumber: (value: number) => string
}) {
  const values = days.map((day) => day[figure])
  const top = scaleTop(Math.max(0, ...values))
  const slot = WIDTH / days.length
  return (
    <figure className={`day-chart day-chart--${variant}`}>
      <div className="day-chart__scale" aria-hidden="true">
        <span>{formatNumber(top)}</span>
        <span>{formatNumber(top / 2)}</span>
        <span>0</span>
      </div>
      <svg
        className="day-chart__plot"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
      >
        {[0, 0.5, 1].map((share) => (
          <line key={share} className="day-chart__grid" x1="0" x2={WIDTH} y1={HEIGHT * share} y2={HEIGHT * share} />
        ))}
        {days.map((day, index) => {
          const height = (day[figure] / top) * HEIGHT
          return (
            <rect
              key={day.day}
              className="day-chart__bar"
              x={index * slot + (slot - BAR * (slot / SLOT)) / 2}
              y={HEIGHT - height}
              width={BAR * (slot / SLOT)}
              height={height}
            >
              <title>{`${formatDay(day.day)}: ${formatNumber(day[figure])}`}</title>
            </rect>
          )
        })}
      </svg>
      <div className="day-chart__days" aria-hidden="true">
        <span>{formatDay(days[0]!.day)}</span>
        <span>{formatDay(days[Math.floor(days.length / 2)]!.day)}</span>
        <span>{formatDay(days.at(-1)!.day)}</span>
      </div>
    </figure>
  )
}
