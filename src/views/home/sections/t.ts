// The message function every homepage section uses: the page's intl object, by message id.
import type { PageContext } from '../../context'

export type T = (id: string, values?: Record<string, string | number>) => string

export const tOf =
  (ctx: Pick<PageContext, 'intl'>): T =>
  (id, values) =>
    ctx.intl.formatMessage({ id }, values)
