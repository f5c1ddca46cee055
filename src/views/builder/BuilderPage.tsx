// The frame of the builder's screens (sign-in, agreement, admin console, editor): the site layout
// with a heading, a lead and the screen's island. A realtor's screens put their navigation in one
// shell of one width above the screen's own column, so the tabs never move or shrink between screens
// (docs/decisions/105-builder-layout.md).
import type { ReactNode } from 'react'
import type { PageContext } from '../context'
import { Layout } from '../Layout'

/** A screen reached from another: a link back to it and a line saying what this one is for. */
export function BackAndIntro({ href, back, intro }: { href: string; back: string; intro: string }) {
  return (
    <>
      <p>
        <a href={href}>← {back}</a>
      </p>
      <p>{intro}</p>
    </>
  )
}

export function BuilderPage({
  ctx,
  title,
  lead,
  width = 'narrow',
  nav,
  children,
}: {
  ctx: PageContext
  title: string
  /** Under the heading: a line of text, or BackAndIntro. */
  lead?: ReactNode
  /** narrow: a form; medium: a screen with a table (the Domain screen); wide: the editor and console. */
  width?: 'narrow' | 'medium' | 'wide'
  /** The realtor's builder navigation (BuilderNav), above the heading, as wide as the widest screen. */
  nav?: ReactNode
  children: ReactNode
}) {
  return (
    <Layout ctx={ctx} mainLabel={title}>
      {nav ? <div className="builder-shell">{nav}</div> : null}
      <section className={`builder builder--${width}${nav ? ' builder--under-nav' : ''}`}>
        <h1 className="builder__title">{title}</h1>
        {lead ? <div className="builder__lead">{lead}</div> : null}
        {children}
      </section>
    </Layout>
  )
}
