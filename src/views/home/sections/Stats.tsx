// The realtor's track record: years of experience, homes sold, last year's sales, cities served.
import { formatCompact, formatThousands } from '../../../lib/format'
import type { Stats as StatsValues } from '../../../lib/home/profile'
import type { PageContext } from '../../context'
import { tOf } from './t'

export function Stats({ ctx, stats }: { ctx: PageContext; stats: StatsValues }) {
  const t = tOf(ctx)
  const items = [
    stats.years > 0
      ? { value: t('home.stats.yearsValue', { years: stats.years }), label: t('home.stats.years') }
      : null,
    stats.sales > 0 ? { value: formatThousands(stats.sales), label: t('home.stats.sales') } : null,
    stats.lastYearTotal > 0
      ? { value: `$${formatCompact(stats.lastYearTotal)}`, label: t('home.stats.lastYear') }
      : null,
    stats.cities > 0 ? { value: String(stats.cities), label: t('home.stats.cities') } : null,
  ].filter((item) => item !== null)
  if (!items.length) return null
  return (
    <section className="home-stats" aria-label={t('home.stats.label')}>
      <dl className="home-stats__list">
        {items.map((item) => (
          <div key={item.label} className="home-stats__item">
            <dt>{item.label}</dt>
            <dd>{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
