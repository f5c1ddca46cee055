// A button that opens the file picker: a label holding a transparent file input, so the keyboard,
// screen readers and touch all reach the real input (and tests can set its files).
import type { ReactNode } from 'react'
import type { PhotoPath } from '../../../lib/realtors/types'
import { ACCEPTED_TYPES } from './resize'

export function FileButton({
  path,
  multiple,
  className,
  label,
  children,
  onFiles,
}: {
  path: PhotoPath
  multiple?: boolean
  className: string
  /** The input's accessible name (the visible text may be shorter, "Replace"). */
  label: string
  children: ReactNode
  onFiles: (files: File[]) => void
}) {
  return (
    <label className={`file-button ${className}`}>
      {children}
      <input
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        multiple={multiple}
        aria-label={label}
        aria-describedby="photo-types"
        data-testid={`photo-input-${path}`}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])])
          event.target.value = ''
        }}
      />
    </label>
  )
}
