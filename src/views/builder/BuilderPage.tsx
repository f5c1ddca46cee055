// The frame of the builder's screens (sign-in, agreement, admin console, editor): the site layout
// with a heading, a lead and the screen's island.
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
  /** The realtor's builder navigation (BuilderNav), above the heading. */
  nav?: ReactNode
  children: ReactNode
}) {
  return (
    <Layout ctx={ctx} mainLabel={title}>
      <section className={`builder builder--${width}`}>
        {nav}
        <h1 className="builder__title">{title}</h1>
        {lead ? <div className="builder__lead">{lead}</div> : null}
        {children}
      </section>
    </Layout>
  )
}
