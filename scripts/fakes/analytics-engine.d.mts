export const FAKE_ANALYTICS_ACCOUNT: string
export const FAKE_ANALYTICS_TOKEN: string
export interface FakeAnalyticsEngine {
  origin: string
  vars: { CF_API_BASE: string; CF_ACCOUNT_ID: string; ANALYTICS_API_TOKEN: string; LOCAL_VIEWS_WRITE_URL: string }
  close(): Promise<void>
}
export function startFakeAnalyticsEngine(options?: { port?: number; file?: string }): Promise<FakeAnalyticsEngine>
export function wranglerVarArgs(vars: Record<string, string>): string[]
