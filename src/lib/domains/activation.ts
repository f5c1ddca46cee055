// The one place a homepage's own address is written (docs/decisions/053-custom-domains.md): a realtor's
// `homepage_host` (how the tenant loader finds them by Host) and profile `hompageUrl` (canonical URLs,
// sitemaps, the carousel) name a domain only while it is active. Realtor writes never set them.

/** The realtor's homepage becomes `https://{hostname}`; whoever held the host before loses it. */
export function activationStatements(db: D1Database, realtorId: number, hostname: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE realtors SET homepage_host = NULL, profile = json_set(profile, '$.hompageUrl', '')
         WHERE homepage_host = ? AND id <> ?`,
      )
      .bind(hostname, realtorId),
    db
      .prepare(`UPDATE realtors SET homepage_host = ?1, profile = json_set(profile, '$.hompageUrl', ?2) WHERE id = ?3`)
      .bind(hostname, `https://${hostname}`, realtorId),
  ]
}

/** The realtor's homepage goes back to its path address. */
export function deactivationStatement(db: D1Database, realtorId: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE realtors SET homepage_host = NULL, profile = json_set(profile, '$.hompageUrl', '')
       WHERE id = ? AND homepage_host IS NOT NULL`,
    )
    .bind(realtorId)
}
