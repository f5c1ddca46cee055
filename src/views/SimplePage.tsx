// A titled, translated page in the layout: the frame of the pages whose content later issues grow.
import type { ReactNode } from 'react'
import type { PageContext } from './context'
import { Layout } from './Layout'

export function SimplePage({
  ctx,
  title,
  intro,
  children,
}: {
  ctx: PageContext
  title: string
  intro?: string
  children?: ReactNode
}) {
  return (
    <Layout ctx={ctx}>
      <section className="page">
        <h1 className="page__title">{title}</h1>
        {intro ? <p className="page__intro">{intro}</p> : null}
        {children}
      </section>
    </Layout>
  )
}
