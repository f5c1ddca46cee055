export const FAKE_RESO_CLIENT_ID: string
export const FAKE_RESO_CLIENT_SECRET: string
export interface FakeReso {
  origin: string
  varsOf(name: string, prefix?: string): Record<string, string>
  close(): Promise<void>
}
export function startFakeReso(options?: { port?: number }): Promise<FakeReso>
export function solidPng(width: number, height: number, rgb?: [number, number, number]): Uint8Array
