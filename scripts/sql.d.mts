export function splitSql(sql: string): string[]
