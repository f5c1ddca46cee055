// The steps from a new account to a presentable homepage, at the top of the editor: progress, and
// each step as a link to its field. It reads the saved realtor, so it moves on with each save; once
// every step is done it shrinks to one line the realtor can dismiss (remembered in this browser).
import { useEffect, useState } from 'react'
import { checklistOf } from '../../lib/builder/checklist'
import type { Realtor } from '../../lib/realtors/types'
import { type Messages, t } from '../lib/messages'
import { fieldId } from './fields'
import { focusField } from './focus-field'

const DISMISSED_KEY = 'onboardingDismissed'

function readDismissed(id: number): boolean {
  try {
    return localStorage.getItem(`${DISMISSED_KEY}:${id}`) === '1'
  } catch {
    // Storage can be disabled: the list then simply shows again.
    return false
  }
}

function rememberDismissed(id: number) {
  try {
    localStorage.setItem(`${DISMISSED_KEY}:${id}`, '1')
  } catch {
    // Nothing to do: dismissing still hides it for now.
  }
}

/** Where a step's link points without the script: its field, or the place that stands for it. */
const PLACES: Record<string, string> = {
  photos: '#photos',
  activityRegion: '#regions',
  isMakeHomepage: '#editor-publish',
}
const hrefOf = (path: string, notificationsHref: string) =>
  path === 'notifications' ? notificationsHref : (PLACES[path] ?? `#${fieldId(path)}`)

export function OnboardingChecklist({
  realtor,
  messages,
  notified,
  notificationsHref,
}: {
  realtor: Realtor
  messages: Messages
  /** A notification of the realtor's own has reached them. */
  notified: boolean
  /** The Notifications screen, where the "notifications reach you" step leads. */
  notificationsHref: string
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  const { items, done, total, complete } = checklistOf(realtor, { notified })
  const [open, setOpen] = useState(true)
  const [dismissed, setDismissed] = useState(false)
  useEffect(() => setDismissed(readDismissed(realtor.id)), [realtor.id])
  if (complete && dismissed) return null
  const percent = Math.round((done / total) * 100)
  const expanded = open && !complete

  return (
    <section
      className={`card onboarding${complete ? ' onboarding--complete' : ''}`}
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
    >
      <div className="onboarding__head">
        <div className="onboarding__heading">
          <h2 id="onboarding-title">{m('builder.onboarding.title')}</h2>
          <p className="onboarding__lead muted">
            {complete ? m('builder.onboarding.complete') : m('builder.onboarding.lead')}
          </p>
        </div>
        <div className="onboarding__progress">
          <span className="onboarding__count" data-testid="onboarding-progress">
            {m('builder.onboarding.progress', { done, total })}
          </span>
          <div
            className="onboarding__bar"
            role="progressbar"
            aria-labelledby="onboarding-title"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={done}
            aria-valuetext={m('builder.onboarding.progress', { done, total })}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
        </div>
        {complete ? (
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              rememberDismissed(realtor.id)
              setDismissed(true)
            }}
          >
            {m('builder.onboarding.dismiss')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--ghost onboarding__toggle"
            aria-expanded={open}
            aria-controls="onboarding-steps"
            onClick={() => setOpen(!open)}
          >
            {m(open ? 'builder.onboarding.hide' : 'builder.onboarding.show')}
          </button>
        )}
      </div>
      {expanded ? (
        <ol id="onboarding-steps" className="onboarding__steps">
          {items.map((item) => (
            <li
              key={item.step}
              className="onboarding__step"
              data-done={item.done ? '' : undefined}
              data-step={item.step}
            >
              <a
                href={hrefOf(item.path, notificationsHref)}
                onClick={(event) => {
                  if (focusField(item.path)) event.preventDefault()
                }}
              >
                <span className="onboarding__mark" aria-hidden="true">
                  {item.done ? '✓' : ''}
                </span>
                <span className="onboarding__label">{m(`builder.onboarding.step.${item.step}`)}</span>
                <span className="visually-hidden">
                  {` (${m(item.done ? 'builder.onboarding.done' : 'builder.onboarding.todo')})`}
                </span>
              </a>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
