// One labelled form control with its hint and its error: the control gets its id, aria-invalid and
// aria-describedby from here, so screen readers hear what is wrong where. Each form keeps its own classes.
import type { ReactNode } from 'react'

/** What the control carries to be tied to its label and its messages. */
export interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

export interface FormFieldProps {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: ReactNode
  /** Marks the control invalid when the message is elsewhere (the sign-in form has one for both fields). */
  invalid?: boolean
  /** The frame's classes: the editor, the contact form and the lead form each have their own look. */
  className: string
  errorClassName?: string
  /**
   * 'stacked': label, control, messages. 'checkbox': the box before its label. 'wrapped': the label holds
   * the text (in a span), the control and the messages (spans: a label holds phrasing content only).
   */
  layout?: 'stacked' | 'checkbox' | 'wrapped'
  /** The error's id is `{id}-{errorSuffix}`: the lead form's message is a warning. */
  errorSuffix?: string
  /** 'alert' for a message that appears while the visitor types and must be heard at once. */
  errorRole?: 'alert'
  children: (control: ControlProps) => ReactNode
}

export function FormField({
  id,
  label,
  hint,
  error,
  invalid,
  className,
  errorClassName = 'field__error',
  layout = 'stacked',
  errorSuffix = 'error',
  errorRole,
  children,
}: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-${errorSuffix}` : undefined
  const control = children({
    id,
    'aria-invalid': error || invalid ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  })
  const Message = layout === 'wrapped' ? 'span' : 'p'
  const messages = (
    <>
      {hint ? (
        <Message id={hintId} className="field__hint">
          {hint}
        </Message>
      ) : null}
      {error ? (
        <Message id={errorId} className={errorClassName} role={errorRole}>
          {error}
        </Message>
      ) : null}
    </>
  )
  if (layout === 'wrapped')
    return (
      <label className={className} htmlFor={id}>
        <span>{label}</span>
        {control}
        {messages}
      </label>
    )
  const labelElement = <label htmlFor={id}>{label}</label>
  return (
    <div className={className}>
      {layout === 'checkbox' ? control : labelElement}
      {layout === 'checkbox' ? labelElement : control}
      {messages}
    </div>
  )
}
