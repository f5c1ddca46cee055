// The upload queue: each chosen file is prepared (resize.ts), granted an upload URL and PUT with its
// progress, one at a time (a phone decodes one large photo at once, and a gallery keeps the order the
// files were chosen in). A file that fails to send keeps its prepared bytes and can be retried alone.
import { useRef, useState } from 'react'
import type { PhotoPath } from '../../../lib/realtors/types'
import type { UploadType } from '../../../lib/uploads'
import { api, uploadWithProgress } from '../../lib/api'
import { type Messages, t } from '../../lib/messages'
import { type PrepareFailure, precheck, preparePhoto } from './resize'

export interface UploadItem {
  id: number
  name: string
  path: PhotoPath
  status: 'waiting' | 'preparing' | 'uploading' | 'failed'
  percent: number
  error?: string
  /** A failure worth retrying (the network or the server), not a file that can never fit. */
  retry?: boolean
}

interface Job {
  file: File
  prepared?: { blob: Blob; type: UploadType }
}

interface Grant {
  uploadUrl: string
  url: string
}

const FAILURE_KEYS: Record<PrepareFailure, string> = {
  type: 'builder.photo.errorType',
  tooBig: 'builder.photo.errorTooBig',
  unreadable: 'builder.photo.errorUnreadable',
}

export function useUploads(realtorId: number, messages: Messages, onUploaded: (path: PhotoPath, url: string) => void) {
  const [items, setItems] = useState<UploadItem[]>([])
  const jobs = useRef(new Map<number, Job>())
  const queue = useRef(Promise.resolve())
  const nextId = useRef(1)
  const network = t(messages, 'common.networkError')

  const update = (id: number, change: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)))
  const drop = (id: number) => {
    jobs.current.delete(id)
    setItems((list) => list.filter((item) => item.id !== id))
  }
  const refuse = (id: number, name: string, reason: PrepareFailure) =>
    update(id, { status: 'failed', error: t(messages, FAILURE_KEYS[reason], { name }), retry: false })

  async function run(id: number, name: string, path: PhotoPath) {
    const job = jobs.current.get(id)
    if (!job) return
    if (!job.prepared) {
      update(id, { status: 'preparing', percent: 0, error: undefined })
      const prepared = await preparePhoto(job.file, path)
      if (!prepared.ok) return refuse(id, name, prepared.reason)
      job.prepared = prepared
    }
    const { blob, type } = job.prepared
    update(id, { status: 'uploading', percent: 0, error: undefined })
    const fail = (message: string) => update(id, { status: 'failed', error: message, retry: true })
    const grants = await api<Grant[]>(
      '/v1/realtor/presigned-multi-file-upload',
      { method: 'POST', json: { realtorId, files: [{ name, contentType: type, size: blob.size }] } },
      network,
    )
    if (!grants.ok) return fail(grants.fields[0]?.message ?? grants.message)
    const sent = await uploadWithProgress(
      grants.data[0]!.uploadUrl,
      blob,
      type,
      (fraction) => update(id, { percent: Math.round(fraction * 100) }),
      network,
    )
    if (!sent.ok) return fail(sent.message)
    drop(id)
    onUploaded(path, sent.data.url)
  }

  const enqueue = (id: number, name: string, path: PhotoPath) => {
    queue.current = queue.current.then(() => run(id, name, path))
  }

  /** Queues `files` for `path`; a file of the wrong type or size is refused at once, before any request. */
  function add(files: readonly File[], path: PhotoPath) {
    for (const file of files) {
      const id = nextId.current++
      const refused = precheck(file)
      setItems((list) => [...list, { id, name: file.name, path, status: refused ? 'failed' : 'waiting', percent: 0 }])
      if (refused) {
        refuse(id, file.name, refused)
        continue
      }
      jobs.current.set(id, { file })
      enqueue(id, file.name, path)
    }
  }

  function retry(id: number) {
    const item = items.find((entry) => entry.id === id)
    if (!item || !jobs.current.has(id)) return
    update(id, { status: 'waiting', error: undefined, retry: false })
    enqueue(id, item.name, item.path)
  }

  return { items, add, retry, dismiss: drop }
}
