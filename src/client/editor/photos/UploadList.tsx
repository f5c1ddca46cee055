// Each file on its way: preparing, its upload progress, or why it failed, with Retry for a failure
// the network or the server caused (that file alone is sent again).
import { type Messages, t } from '../../lib/messages'
import type { UploadItem } from './use-uploads'

export function UploadList({
  items,
  messages,
  onRetry,
  onDismiss,
}: {
  items: UploadItem[]
  messages: Messages
  onRetry: (id: number) => void
  onDismiss: (id: number) => void
}) {
  const m = (key: string, values?: Record<string, string | number>) => t(messages, key, values)
  return (
    <ul className="upload-list" aria-live="polite" data-testid="upload-list">
      {items.map((item) => (
        <li key={item.id} className={`upload-item${item.status === 'failed' ? ' upload-item--failed' : ''}`}>
          <span className="upload-item__slot">{m(`builder.photo.${item.path}`)}</span>
          {item.status === 'failed' ? (
            <>
              <span className="upload-item__text" role="alert">
                {item.retry ? m('builder.photo.failed', { name: item.name, message: item.error ?? '' }) : item.error}
              </span>
              <span className="upload-item__actions">
                {item.retry ? (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={m('builder.photo.retryOne', { name: item.name })}
                    onClick={() => onRetry(item.id)}
                  >
                    {m('builder.photo.retry')}
                  </button>
                ) : null}
                <button type="button" className="button button--small button--ghost" onClick={() => onDismiss(item.id)}>
                  {m('builder.photo.dismiss')}
                </button>
              </span>
            </>
          ) : (
            <>
              <span className="upload-item__text">
                {item.status === 'uploading'
                  ? m('builder.photo.uploading', { name: item.name, percent: item.percent })
                  : m('builder.photo.preparing', { name: item.name })}
              </span>
              <progress
                max={100}
                value={item.status === 'uploading' ? item.percent : undefined}
                aria-label={item.name}
              />
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
